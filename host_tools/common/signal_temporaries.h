// Temporary files that SIGINT, SIGTERM and SIGHUP remove: a command stopped
// while it writes an output leaves no partial temporary behind.
#pragma once

#include <csignal>
#include <string>

namespace tinyfair::host::common {

/// Installs handlers for SIGINT, SIGTERM and SIGHUP (each one the process
/// does not ignore) that unlink every registered temporary and then end the
/// process with the signal, as it would have ended without them. The CLI
/// calls it once at start; a library user (Python) keeps its own handlers.
void RemoveTemporariesOnSignals();

/// A temporary's name, registered for the handlers while the object lives.
/// Construct it with the signals held (SignalsHeld) around the file's
/// creation, so no signal falls between the creation and the registration.
class RegisteredTemporary {
 public:
  explicit RegisteredTemporary(const std::string& name);
  RegisteredTemporary(const RegisteredTemporary&) = delete;
  RegisteredTemporary& operator=(const RegisteredTemporary&) = delete;
  RegisteredTemporary(RegisteredTemporary&& other) noexcept;
  ~RegisteredTemporary();

 private:
  int slot_;  // -1: no slot (none free, or the name too long): not removed on a signal
};

/// Holds SIGINT, SIGTERM and SIGHUP in this thread for its lifetime: a
/// signal that arrives meanwhile is delivered when the object goes, so a set
/// of renames is never cut in the middle.
class SignalsHeld {
 public:
  SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;
  ~SignalsHeld();

  /// Whether one of the held signals has arrived and waits for the object
  /// to go: a command that has not begun its renames gives them up, so a
  /// Ctrl-C before the commit keeps the old outputs.
  bool SignalWaiting() const;

 private:
  sigset_t previous_;
};

}  // namespace tinyfair::host::common
