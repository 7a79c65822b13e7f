// Outputs are all-or-nothing: a write that fails part way, or a set of files
// of which one cannot be written, leaves every pre-existing file as it was
// and no temporary behind.
#include "host_tools/common/file_io.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::common {
namespace {

namespace fs = std::filesystem;

// A fresh, empty folder for one test.
fs::path FreshFolder(const std::string& name) {
  const fs::path folder = fs::path(::testing::TempDir()) / ("file_io_" + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

std::vector<std::string> FileNames(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(FileIo, WritesAndReadsBack) {
  const fs::path folder = FreshFolder("round_trip");
  const std::string bytes("a\0b\r\n\xff", 6);
  WriteFileAtomically((folder / "out.bin").string(), bytes);
  EXPECT_EQ(bytes, ReadFile((folder / "out.bin").string()));
  EXPECT_EQ(std::vector<std::string>{"out.bin"}, FileNames(folder));
}

// The write is interrupted after part of the bytes reached the temporary:
// a file-size limit makes write() fail with EFBIG there (a full disk does
// the same). It runs in a child process so the limit stays there.
TEST(FileIo, InterruptedWriteLeavesTheOldFileAndNoTemporary) {
  const fs::path folder = FreshFolder("interrupted");
  const std::string path = (folder / "model.pb").string();
  const std::string old_bytes = "the old model";
  WriteFileAtomically(path, old_bytes);

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);  // EFBIG from write() instead of a signal
    const rlimit limit{4096, 4096};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(10);
    try {
      WriteFileAtomically(path, std::string(1 << 20, 'x'));
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      _exit(what.find(path + ": write failed") == 0 ? 0 : 11);
    }
    _exit(12);  // the write claimed success
  }
  int status = 0;
  ASSERT_EQ(child, waitpid(child, &status, 0));
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(0, WEXITSTATUS(status)) << "10: no limit, 11: wrong message, 12: no failure";

  EXPECT_EQ(old_bytes, ReadFile(path));
  EXPECT_EQ(std::vector<std::string>{"model.pb"}, FileNames(folder));
}

// One output of a set cannot be written: the files that existed keep their
// bytes (none is replaced, none is removed) and no temporary is left.
TEST(FileIo, FailedSetLeavesEveryPreExistingFileUntouched) {
  const fs::path folder = FreshFolder("set");
  const std::string train = (folder / "train.csv").string();
  const std::string test = (folder / "test.csv").string();
  WriteFileAtomically(train, "old train\n");
  WriteFileAtomically(test, "old test\n");

  const std::string unwritable = (folder / "missing-folder" / "validation.csv").string();
  try {
    WriteFilesAtomically(
        {{train, "new train\n"}, {unwritable, "new validation\n"}, {test, "new test\n"}});
    FAIL() << "a set with an unwritable file was written";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(unwritable + ": cannot write: No such file or directory", std::string(e.what()));
  }
  EXPECT_EQ("old train\n", ReadFile(train));
  EXPECT_EQ("old test\n", ReadFile(test));
  EXPECT_EQ((std::vector<std::string>{"test.csv", "train.csv"}), FileNames(folder));
}

// The last step fails: a target is a folder, so its rename fails after the
// files before it were renamed into place. Those are put back.
TEST(FileIo, FailedRenamePutsBackTheFilesRenamedBeforeIt) {
  const fs::path folder = FreshFolder("rename");
  const std::string first = (folder / "a.csv").string();
  const std::string fresh = (folder / "b.csv").string();
  const std::string blocked = (folder / "c.csv").string();
  WriteFileAtomically(first, "old a\n");
  fs::create_directory(blocked);
  EXPECT_THROW(WriteFilesAtomically({{first, "new a\n"}, {fresh, "new b\n"}, {blocked, "c\n"}}),
               std::runtime_error);
  EXPECT_EQ("old a\n", ReadFile(first));
  EXPECT_EQ((std::vector<std::string>{"a.csv", "c.csv"}), FileNames(folder));
}

TEST(FileIo, CompleteSetReplacesEveryFile) {
  const fs::path folder = FreshFolder("complete_set");
  const std::string a = (folder / "a.csv").string();
  const std::string b = (folder / "b.csv").string();
  WriteFileAtomically(a, "old a\n");
  WriteFilesAtomically({{a, "new a\n"}, {b, "new b\n"}});
  EXPECT_EQ("new a\n", ReadFile(a));
  EXPECT_EQ("new b\n", ReadFile(b));
  EXPECT_EQ((std::vector<std::string>{"a.csv", "b.csv"}), FileNames(folder));
}

// A file of exactly the limit is read whole, in chunks smaller than it;
// one byte more is refused.
TEST(FileIo, ReadsUpToTheLimitAndRefusesMore) {
  const fs::path folder = FreshFolder("limit");
  const std::string bytes(200000, 'x');
  WriteFileAtomically((folder / "exact.bin").string(), bytes);
  EXPECT_EQ(bytes, ReadFileAtMost((folder / "exact.bin").string(), bytes.size(), "a test file"));
  EXPECT_THROW(ReadFileAtMost((folder / "exact.bin").string(), bytes.size() - 1, "a test file"),
               DataError);
}

// A stream without a size (a device, a pipe) is refused once it passes the
// limit, without reading it to its end.
TEST(FileIo, RefusesAStreamLongerThanTheLimit) {
  EXPECT_THROW(ReadFileAtMost("/dev/zero", 100000, "a test file"), DataError);
}

// A process id that is surely gone: a child that has exited and been reaped.
pid_t GonePid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

std::string SideName(const fs::path& target, pid_t pid, const char* kind) {
  return target.string() + ".tinyfair-" + std::to_string(pid) + "-aB3dE9." + kind;
}

// A run killed (SIGKILL) in the middle of a commit left a.csv new, its old
// file as a link, b.csv created by the commit, and a temporary: the next
// write into the folder puts a.csv back, removes b.csv and every side file,
// and leaves a live run's temporary alone.
TEST(FileIo, NextWriteRollsBackAKilledRunsCommit) {
  const fs::path folder = FreshFolder("killed_commit");
  const fs::path a = folder / "a.csv", b = folder / "b.csv";
  // Written as the killed run left them (a write through WriteFileAtomically
  // would already roll them back).
  const auto put = [](const std::string& path, const char* text) { std::ofstream(path) << text; };
  put(a.string(), "old a\n");
  const pid_t gone = GonePid();
  ASSERT_EQ(0, link(a.c_str(), SideName(a, gone, "old").c_str()));
  fs::remove(a);
  put(a.string(), "new a\n");  // the killed run's rename
  put(SideName(b, gone, "new"), "");
  put(b.string(), "new b\n");
  put(SideName(folder / "c.csv", gone, "tmp"), "partial");
  const std::string live = SideName(folder / "d.csv", getpid(), "tmp");
  put(live, "a live run's temporary");

  WriteFileAtomically((folder / "other.csv").string(), "x\n");
  EXPECT_EQ("old a\n", ReadFile(a.string()));
  EXPECT_FALSE(fs::exists(b));
  EXPECT_EQ((std::vector<std::string>{"a.csv", fs::path(live).filename().string(), "other.csv"}),
            FileNames(folder));
}

// A name that only looks like a side file (no process id, another tag) is
// the user's and stays.
TEST(FileIo, LeavesFilesThatAreNotSideFiles) {
  const fs::path folder = FreshFolder("not_side_files");
  const std::vector<std::string> names = {"a.csv.12345.aB3dE9.old", "a.csv.tinyfair--aB3dE9.tmp",
                                          "a.csv.tinyfair-x1-aB3dE9.tmp", "tinyfair-1-aB3dE9.tmp"};
  for (const auto& name : names) std::ofstream(folder / name) << "keep";
  WriteFileAtomically((folder / "out.csv").string(), "x\n");
  std::vector<std::string> expected = names;
  expected.push_back("out.csv");
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(expected, FileNames(folder));
}

}  // namespace
}  // namespace tinyfair::host::common
