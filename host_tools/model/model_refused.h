// The runtime's Load() refused a model file: the error every host reader
// throws then, so that a front end can name the status as the device does.
#pragma once

#include <stdexcept>
#include <string>

namespace tinyfair::host::model {

/// what(): "<prefix>the runtime refuses this model: <status>"; status(): the
/// runtime's status name (crc_mismatch, unsigned_model, bad_signature,
/// rolled_back, ...).
class ModelRefused : public std::runtime_error {
 public:
  ModelRefused(const std::string& prefix, const std::string& status)
      : std::runtime_error(prefix + "the runtime refuses this model: " + status), status_(status) {}

  const std::string& status() const { return status_; }

 private:
  std::string status_;
};

}  // namespace tinyfair::host::model
