// A model file the host cannot use: the errors every host reader of a model
// throws, so that a front end can tell a bad model (the CLI's "bad input",
// exit 2; Python's ModelError) from a failure of the machine, and name the
// runtime's status as the device does.
#pragma once

#include <stdexcept>
#include <string>

namespace tinyfair::host::model {

/// A model that is not one: not a tinyfair.Model in JSON or protobuf, a
/// content hash that does not match, or a refusal by the runtime's Load().
class ModelFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// what(): "<prefix>the runtime refuses this model: <status>"; status(): the
/// runtime's status name (crc_mismatch, unsigned_model, bad_signature,
/// rolled_back, ...).
class ModelRefused : public ModelFileError {
 public:
  ModelRefused(const std::string& prefix, const std::string& status)
      : ModelFileError(prefix + "the runtime refuses this model: " + status), status_(status) {}

  const std::string& status() const { return status_; }

 private:
  std::string status_;
};

}  // namespace tinyfair::host::model
