#include "host_tools/common/signal_temporaries.h"

#include <pthread.h>
#include <unistd.h>

#include <array>
#include <climits>
#include <cstring>
#include <mutex>

namespace tinyfair::host::common {
namespace {

// The handler may only read fixed storage and call async-signal-safe
// functions (unlink, signal, raise): the names live in static arrays, and a
// slot is marked used only after its name is complete.
constexpr int kSlots = 64;
char g_names[kSlots][PATH_MAX];
volatile sig_atomic_t g_used[kSlots];
std::mutex g_registration;  // between threads; the handler never takes it

constexpr std::array<int, 3> kSignals = {SIGINT, SIGTERM, SIGHUP};

extern "C" void RemoveTemporariesAndDie(int signal_number) {
  for (int slot = 0; slot < kSlots; ++slot) {
    if (g_used[slot]) unlink(g_names[slot]);
  }
  // The default action ends the process with the signal once the handler
  // returns (the signal is blocked while it runs).
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

sigset_t HandledSignals() {
  sigset_t set;
  sigemptyset(&set);
  for (const int s : kSignals) sigaddset(&set, s);
  return set;
}

}  // namespace

void RemoveTemporariesOnSignals() {
  for (const int s : kSignals) {
    struct sigaction previous {};
    if (sigaction(s, nullptr, &previous) != 0 || previous.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = RemoveTemporariesAndDie;
    action.sa_mask = HandledSignals();  // one handler at a time
    sigaction(s, &action, nullptr);
  }
}

RegisteredTemporary::RegisteredTemporary(const std::string& name) : slot_(-1) {
  if (name.size() >= PATH_MAX) return;
  const std::lock_guard<std::mutex> lock(g_registration);
  for (int slot = 0; slot < kSlots; ++slot) {
    if (g_used[slot]) continue;
    std::memcpy(g_names[slot], name.c_str(), name.size() + 1);
    g_used[slot] = 1;
    slot_ = slot;
    return;
  }
}

RegisteredTemporary::RegisteredTemporary(RegisteredTemporary&& other) noexcept
    : slot_(other.slot_) {
  other.slot_ = -1;
}

RegisteredTemporary::~RegisteredTemporary() {
  if (slot_ < 0) return;
  const std::lock_guard<std::mutex> lock(g_registration);
  g_used[slot_] = 0;
}

SignalsHeld::SignalsHeld() {
  const sigset_t held = HandledSignals();
  pthread_sigmask(SIG_BLOCK, &held, &previous_);
}

SignalsHeld::~SignalsHeld() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

bool SignalsHeld::SignalWaiting() const {
  sigset_t waiting;
  if (sigpending(&waiting) != 0) return false;
  for (const int s : kSignals) {
    if (sigismember(&waiting, s) == 1 && sigismember(&previous_, s) == 0) return true;
  }
  return false;
}

}  // namespace tinyfair::host::common
