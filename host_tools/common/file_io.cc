#include "host_tools/common/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "host_tools/common/data_error.h"
#include "host_tools/common/signal_temporaries.h"

namespace tinyfair::host::common {
namespace {

// Every file a write leaves beside its target while it runs is named
// <target>.tinyfair-<pid>-XXXXXX.<kind>: the process id tells a later run
// whether its writer is still alive (a SIGKILL runs no cleanup).
constexpr char kTemporaryKind[] = "tmp";  // the new bytes, not yet in place
constexpr char kFormerKind[] = "old";     // a link to the file a commit replaces
constexpr char kAbsentKind[] = "new";     // a marker: a commit creates the target
constexpr size_t kUniqueLength = 6;       // mkstemps' XXXXXX

std::string SidePattern(const std::string& target, const char* kind) {
  return target + ".tinyfair-" + std::to_string(getpid()) + "-XXXXXX." + kind;
}

// Reserves a unique side name (mkstemps creates it empty, 0600).
int CreateSideFile(std::string& pattern) {
  return mkstemps(pattern.data(), static_cast<int>(std::strlen(kTemporaryKind) + 1));
}

std::string FolderOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// A temporary file beside its target (same file system, so the rename is
// atomic) with the bytes synced to disk; a unique name, so runs writing the
// same path at once cannot mix their bytes. A signal removes it
// (signal_temporaries.h).
class SyncedTemporary {
 public:
  SyncedTemporary(const std::string& target, const std::string& bytes)
      : target_(target), name_(SidePattern(target, kTemporaryKind)) {
    int fd = -1;
    {
      const SignalsHeld held;
      fd = CreateSideFile(name_);
      if (fd < 0) throw std::runtime_error(target_ + ": cannot write: " + std::strerror(errno));
      registration_.emplace(name_);
    }
    created_ = true;
    // A constructor that throws runs no destructor: remove the temporary here.
    try {
      WriteAndClose(fd, bytes);
    } catch (...) {
      unlink(name_.c_str());
      throw;
    }
  }
  SyncedTemporary(const SyncedTemporary&) = delete;
  SyncedTemporary& operator=(const SyncedTemporary&) = delete;
  SyncedTemporary(SyncedTemporary&& other) noexcept
      : target_(std::move(other.target_)),
        name_(std::move(other.name_)),
        created_(other.created_),
        registration_(std::move(other.registration_)) {
    other.created_ = false;
    other.registration_.reset();
  }
  ~SyncedTemporary() {
    // Unlinked before the registration goes, so a signal in between finds
    // at most a name that no longer exists.
    if (created_) unlink(name_.c_str());
  }

  /// Renames the temporary into place; the target then holds the new bytes.
  void Commit() {
    if (std::rename(name_.c_str(), target_.c_str()) != 0) {
      throw std::runtime_error(target_ + ": cannot rename into place: " + std::strerror(errno));
    }
    created_ = false;
  }

 private:
  void WriteAndClose(int fd, const std::string& bytes) {
    auto fail = [&](const std::string& what) {
      const std::string reason = std::strerror(errno);
      close(fd);
      throw std::runtime_error(target_ + ": " + what + ": " + reason);
    };
    // mkstemps creates the file 0600; an output gets the usual 0666 & ~umask.
    const mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) fail("cannot write");
    for (size_t done = 0; done < bytes.size();) {
      const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail("write failed");
      done += static_cast<size_t>(n);
    }
    // The bytes reach the disk before the name does, so a crash leaves the
    // old file or the new one.
    if (fsync(fd) != 0) fail("write failed");
    if (close(fd) != 0) {
      throw std::runtime_error(target_ + ": write failed: " + std::strerror(errno));
    }
  }

  std::string target_;
  std::string name_;
  bool created_ = false;
  std::optional<RegisteredTemporary> registration_;
};

// What was at a path before a set of writes: a hard link to the old file (the
// same file system, no copy), or a marker saying there was none. Restore()
// puts it back; the side file goes with the object. A run killed in the
// middle of a commit leaves them for the next run to restore from
// (RollBackDeadCommits).
class FormerFile {
 public:
  explicit FormerFile(const std::string& path)
      : path_(path), side_(SidePattern(path, kFormerKind)) {
    // mkstemps reserves a unique name; link() needs it free again.
    const int fd = CreateSideFile(side_);
    if (fd < 0) throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
    close(fd);
    unlink(side_.c_str());
    existed_ = link(path_.c_str(), side_.c_str()) == 0;
    if (!existed_) {
      // The same unique part, another kind: <path>.tinyfair-<pid>-XXXXXX.new.
      side_.replace(side_.size() - std::strlen(kFormerKind), std::strlen(kFormerKind), kAbsentKind);
      const int marker = open(side_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (marker < 0) throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
      close(marker);
    }
    held_ = true;
  }
  FormerFile(const FormerFile&) = delete;
  FormerFile& operator=(const FormerFile&) = delete;
  FormerFile(FormerFile&& other) noexcept
      : path_(std::move(other.path_)),
        side_(std::move(other.side_)),
        existed_(other.existed_),
        held_(other.held_) {
    other.held_ = false;
  }
  ~FormerFile() {
    if (held_) unlink(side_.c_str());
  }

  void Restore() {
    if (existed_) {
      held_ = std::rename(side_.c_str(), path_.c_str()) != 0;
    } else {
      unlink(path_.c_str());
    }
  }

 private:
  std::string path_;
  std::string side_;
  bool existed_ = false;
  bool held_ = false;
};

// A side file's parts: <target>.tinyfair-<pid>-XXXXXX.<kind>.
struct SideName {
  std::string target;
  pid_t pid = 0;
  std::string kind;
};

std::optional<SideName> ParseSideName(const std::string& name) {
  static const std::string kTag = ".tinyfair-";
  const size_t dot = name.find_last_of('.');
  if (dot == std::string::npos || dot < kUniqueLength + 1) return std::nullopt;
  SideName side;
  side.kind = name.substr(dot + 1);
  if (side.kind != kTemporaryKind && side.kind != kFormerKind && side.kind != kAbsentKind) {
    return std::nullopt;
  }
  const size_t dash = dot - kUniqueLength - 1;
  if (name[dash] != '-') return std::nullopt;
  const size_t tag = name.rfind(kTag, dash);
  if (tag == std::string::npos || tag == 0) return std::nullopt;
  const std::string digits = name.substr(tag + kTag.size(), dash - tag - kTag.size());
  if (digits.empty() || digits.size() > 9 ||
      digits.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  side.pid = static_cast<pid_t>(std::stol(digits));
  side.target = name.substr(0, tag);
  return side;
}

bool ProcessIsGone(pid_t pid) { return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH; }

// Left by a run that died without cleaning up (SIGKILL, a power cut): its
// temporaries are removed, and a commit it had begun is rolled back, each
// target as it was before (the old file from its link, or no file), so the
// folder holds one complete set of outputs. Runs under the folder's lock,
// which the dead run no longer holds.
void RollBackDeadCommits(const std::string& folder) {
  DIR* directory = opendir(folder.c_str());
  if (directory == nullptr) return;  // unreadable: nothing can be recognised
  std::vector<std::pair<SideName, std::string>> leftovers;
  while (const dirent* entry = readdir(directory)) {
    const std::optional<SideName> side = ParseSideName(entry->d_name);
    if (side && ProcessIsGone(side->pid)) leftovers.emplace_back(*side, entry->d_name);
  }
  closedir(directory);
  for (const auto& [side, name] : leftovers) {
    const std::string path = folder + "/" + name;
    const std::string target = folder + "/" + side.target;
    if (side.kind == kFormerKind) {
      std::rename(path.c_str(), target.c_str());
    } else if (side.kind == kAbsentKind) {
      unlink(target.c_str());
    }
    // rename() between two links of one file leaves both.
    unlink(path.c_str());
  }
}

// An exclusive flock on each folder a set of writes goes to, taken in one
// order (device, inode) so two runs cannot wait on each other: concurrent
// runs into one folder commit one after the other, never interleaved.
class FolderLocks {
 public:
  explicit FolderLocks(const std::vector<std::pair<std::string, std::string>>& files) {
    std::vector<std::tuple<dev_t, ino_t, std::string>> folders;
    for (const auto& file : files) {
      const std::string folder = FolderOf(file.first);
      struct stat status {};
      if (::stat(folder.c_str(), &status) != 0) continue;  // the rename will say why
      folders.emplace_back(status.st_dev, status.st_ino, folder);
    }
    std::sort(folders.begin(), folders.end());
    for (size_t i = 0; i < folders.size(); ++i) {
      if (i > 0 && std::get<0>(folders[i]) == std::get<0>(folders[i - 1]) &&
          std::get<1>(folders[i]) == std::get<1>(folders[i - 1])) {
        continue;
      }
      const std::string& folder = std::get<2>(folders[i]);
      const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) continue;  // a folder it may write but not read: no lock to take
      while (flock(fd, LOCK_EX) != 0 && errno == EINTR) {
      }
      descriptors_.push_back(fd);
      RollBackDeadCommits(folder);
    }
  }
  FolderLocks(const FolderLocks&) = delete;
  FolderLocks& operator=(const FolderLocks&) = delete;
  ~FolderLocks() {
    for (const int fd : descriptors_) close(fd);  // closing releases the lock
  }

 private:
  std::vector<int> descriptors_;
};

}  // namespace

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) throw std::runtime_error(path + ": read error");
  return content.str();
}

std::string ReadFileAtMost(const std::string& path, size_t limit, const std::string& what) {
  const auto refuse = [&] {
    throw DataError(path, 0, 0,
                    "larger than " + what + " can be (" + std::to_string(limit) +
                        " bytes); is it the right file?");
  };
  // A regular file's size says it before a byte is read.
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode) &&
      static_cast<uint64_t>(status.st_size) > limit) {
    refuse();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  // Read a chunk at a time, so that memory follows the file and not the
  // limit (a buffer of the limit cost every 2 KB model 64 MB of zeroed
  // pages, 0.24 s of CPU); one byte past the limit tells a file of exactly
  // `limit` bytes from a larger one.
  std::string bytes;
  if (S_ISREG(status.st_mode)) bytes.reserve(static_cast<size_t>(status.st_size) + 1);
  std::array<char, 1 << 16> chunk{};
  while (bytes.size() <= limit && in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<size_t>(in.gcount());
    // Grown by doubling, but never past the limit and one chunk: a device
    // or a pipe without end costs the limit, not twice it.
    if (bytes.size() + got > bytes.capacity()) {
      bytes.reserve(std::min(std::max(2 * bytes.capacity(), bytes.size() + got), limit + got));
    }
    bytes.append(chunk.data(), got);
  }
  if (in.bad()) throw std::runtime_error(path + ": read error");
  if (bytes.size() > limit) refuse();
  return bytes;
}

void WriteFileAtomically(const std::string& path, const std::string& bytes) {
  WriteFilesAtomically({{path, bytes}});
}

void WriteFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files) {
  // Every temporary is complete before the first rename, so a failed write
  // (a full disk, an unwritable folder) changes no file; the destructors
  // remove the temporaries.
  std::vector<SyncedTemporary> temporaries;
  temporaries.reserve(files.size());
  for (const auto& [path, bytes] : files) temporaries.emplace_back(path, bytes);
  // The commit: under the folders' locks, with the signals held, so neither
  // another run nor a Ctrl-C can leave some files new and others old.
  const SignalsHeld held;
  const FolderLocks locks(files);
  // A signal that came while the temporaries were written, or while this
  // run waited for another's lock, is delivered before any rename: the old
  // outputs stay (the temporaries go with it). Only one that comes during
  // the renames finds the new outputs whole.
  if (held.SignalWaiting()) return;
  // A rename can still fail (the path is a folder): the files renamed before
  // it are put back as they were, from a link to each old file.
  std::vector<FormerFile> former;
  former.reserve(files.size());
  for (const auto& file : files) former.emplace_back(file.first);
  for (size_t i = 0; i < temporaries.size(); ++i) {
    try {
      temporaries[i].Commit();
    } catch (...) {
      for (size_t j = 0; j < i; ++j) former[j].Restore();
      throw;
    }
  }
}

}  // namespace tinyfair::host::common
