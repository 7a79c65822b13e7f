#include "host_tools/common/file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <utility>
#include <sstream>
#include <stdexcept>

namespace tinyfair::host {
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
    WriteAndClose(fd, bytes);
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

}  // namespace

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) throw std::runtime_error(path + ": read error");
  return content.str();
}

void WriteFileAtomically(const std::string& path, const std::string& bytes) {
  SyncedTemporary(path, bytes).Commit();
}

void WriteFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files) {
  for (size_t i = 0; i < files.size(); ++i) {
    try {
      WriteFileAtomically(files[i].first, files[i].second);
    } catch (...) {
      for (size_t j = 0; j < i; ++j) unlink(files[j].first.c_str());
      throw;
    }
  }
}

}  // namespace tinyfair::host
