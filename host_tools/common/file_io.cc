#include "host_tools/common/file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "host_tools/common/data_error.h"

namespace tinyfair::host::common {
namespace {

// A temporary file beside its target (same file system, so the rename is
// atomic) with the bytes synced to disk; a unique name, so runs writing the
// same path at once cannot mix their bytes.
class SyncedTemporary {
 public:
  SyncedTemporary(const std::string& target, const std::string& bytes)
      : target_(target), name_(target + ".XXXXXX.tmp") {
    const int fd = mkstemps(name_.data(), 4);
    if (fd < 0) throw std::runtime_error(target_ + ": cannot write: " + std::strerror(errno));
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
      : target_(std::move(other.target_)), name_(std::move(other.name_)), created_(other.created_) {
    other.created_ = false;
  }
  ~SyncedTemporary() {
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
};

// What was at a path before a set of writes: a hard link to the old file (the
// same file system, no copy), or nothing. Restore() puts it back; the link
// goes with the object.
class FormerFile {
 public:
  explicit FormerFile(const std::string& path) : path_(path), link_(path + ".XXXXXX.old") {
    // mkstemps reserves a unique name; link() needs it free again.
    const int fd = mkstemps(link_.data(), 4);
    if (fd < 0) throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
    close(fd);
    unlink(link_.c_str());
    existed_ = link(path_.c_str(), link_.c_str()) == 0;
  }
  FormerFile(const FormerFile&) = delete;
  FormerFile& operator=(const FormerFile&) = delete;
  FormerFile(FormerFile&& other) noexcept
      : path_(std::move(other.path_)), link_(std::move(other.link_)), existed_(other.existed_) {
    other.existed_ = false;
  }
  ~FormerFile() {
    if (existed_) unlink(link_.c_str());
  }

  void Restore() {
    if (existed_) {
      existed_ = std::rename(link_.c_str(), path_.c_str()) != 0;
    } else {
      unlink(path_.c_str());
    }
  }

 private:
  std::string path_;
  std::string link_;
  bool existed_ = false;
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
  SyncedTemporary(path, bytes).Commit();
}

void WriteFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files) {
  // Every temporary is complete before the first rename, so a failed write
  // (a full disk, an unwritable folder) changes no file; the destructors
  // remove the temporaries.
  std::vector<SyncedTemporary> temporaries;
  temporaries.reserve(files.size());
  for (const auto& [path, bytes] : files) temporaries.emplace_back(path, bytes);
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
