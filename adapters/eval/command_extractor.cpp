// SPDX-License-Identifier: MIT
// Subprocess plumbing for --extractor-cmd: posix_spawn + three pipes + poll.
#include "adapters/eval/command_extractor.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "adapters/eval/markup.h"

extern char** environ;

namespace winnow::eval {
namespace {

struct Pipe {
  int read_end = -1;
  int write_end = -1;
  bool open() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return false;
    read_end = fds[0];
    write_end = fds[1];
    return true;
  }
};

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

using Clock = std::chrono::steady_clock;

// Milliseconds left until deadline for poll(): -1 (wait) without one.
int poll_timeout(const Clock::time_point* deadline) {
  if (deadline == nullptr) return -1;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60 * 1000));
}

// Moves input to fd `to_child`, and fd `from_out`/`from_err` into the
// strings, until both outputs reach end of file or the deadline (if any)
// passes; returns false in the second case.
bool pump(std::string_view input, int& to_child, int& from_out, int& from_err, CommandResult& result,
          const Clock::time_point* deadline) {
  std::size_t written = 0;
  if (input.empty()) close_fd(to_child);
  char buffer[65536];
  while (from_out >= 0 || from_err >= 0) {
    if (deadline != nullptr && Clock::now() >= *deadline) {
      close_fd(to_child);
      return false;
    }
    pollfd fds[3] = {{to_child, POLLOUT, 0}, {from_out, POLLIN, 0}, {from_err, POLLIN, 0}};
    const int ready = ::poll(fds, 3, poll_timeout(deadline));
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (ready == 0) continue;
    if (to_child >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(to_child, input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      // A reader that quits early (EPIPE) just gets no more input.
      if (n < 0 && errno != EAGAIN && errno != EINTR) written = input.size();
      if (written == input.size()) close_fd(to_child);
    }
    int* sources[2] = {&from_out, &from_err};
    std::string* sinks[2] = {&result.out, &result.err};
    for (int k = 0; k < 2; ++k) {
      if (*sources[k] < 0 || !(fds[k + 1].revents & (POLLIN | POLLERR | POLLHUP))) continue;
      const ssize_t n = ::read(*sources[k], buffer, sizeof buffer);
      if (n > 0) sinks[k]->append(buffer, static_cast<std::size_t>(n));
      else if (n == 0 || (errno != EAGAIN && errno != EINTR)) close_fd(*sources[k]);
    }
  }
  close_fd(to_child);
  return true;
}

}  // namespace

CommandResult run_command(const std::string& command, std::string_view input, double timeout_seconds) {
  CommandResult result;
  Pipe in, out, err;
  if (!in.open() || !out.open() || !err.open()) {
    result.spawn_error = std::strerror(errno);
    for (Pipe* p : {&in, &out, &err}) {
      close_fd(p->read_end);
      close_fd(p->write_end);
    }
    return result;
  }
  // A child that exits without reading all its stdin must not kill us with
  // SIGPIPE: we ignore the signal (once, for the process) and write() fails
  // with EPIPE instead. The child gets the default disposition back.
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { ::signal(SIGPIPE, SIG_IGN); });
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  // With a time limit the shell leads a process group of its own, so that
  // killing the group also ends what it started (a pipeline, a grandchild
  // holding our pipes open).
  const bool limited = timeout_seconds > 0;
  short flags = POSIX_SPAWN_SETSIGDEF;
  if (limited) {
    flags |= POSIX_SPAWN_SETPGROUP;
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  posix_spawnattr_setflags(&attributes, flags);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read_end, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write_end, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write_end, STDERR_FILENO);
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  pid_t pid = -1;
  const int rc =
      posix_spawn(&pid, "/bin/sh", &actions, &attributes, const_cast<char**>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close_fd(in.read_end);
  close_fd(out.write_end);
  close_fd(err.write_end);
  if (rc != 0) {
    result.spawn_error = std::strerror(rc);
    close_fd(in.write_end);
    close_fd(out.read_end);
    close_fd(err.read_end);
    return result;
  }
  // Our end of stdin must not block: a full pipe while the child waits for
  // us to drain its stdout would deadlock.
  ::fcntl(in.write_end, F_SETFL, ::fcntl(in.write_end, F_GETFL) | O_NONBLOCK);
  // Capped at a year, so that an absurd limit cannot overflow the clock
  // (which would put the deadline in the past).
  constexpr double kLongestLimit = 365.0 * 24 * 3600;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::min(timeout_seconds, kLongestLimit)));
  if (!pump(input, in.write_end, out.read_end, err.read_end, result, limited ? &deadline : nullptr)) {
    result.timed_out = true;
    ::kill(-pid, SIGKILL);
    close_fd(out.read_end);
    close_fd(err.read_end);
  }
  int status = 0;
  // A program may close its output and go on running: the limit holds for
  // its exit too.
  while (limited && !result.timed_out) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (Clock::now() >= deadline) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    ::usleep(5000);
  }
  if (!limited || result.timed_out)
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

CommandExtractor::CommandExtractor(std::string command, std::string name, OutputFormat format,
                                   double timeout_seconds)
    : command_(std::move(command)), name_(std::move(name)), format_(format), timeout_seconds_(timeout_seconds) {}

Extraction CommandExtractor::extract(std::string_view html) const {
  const auto start = std::chrono::steady_clock::now();
  CommandResult run = run_command(command_, html, timeout_seconds_);
  Extraction e;
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool as_html =
      format_ == OutputFormat::Html || (format_ == OutputFormat::Auto && looks_like_html(run.out));
  e.text = as_html ? html_to_text(run.out) : std::move(run.out);
  if (!run.spawn_error.empty()) {
    e.status = "spawn failed: " + run.spawn_error;
  } else if (run.timed_out) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", timeout_seconds_);
    e.status = std::string("timeout after ") + limit + " s";
  } else if (run.signal != 0) {
    e.status = "signal " + std::to_string(run.signal);
  } else if (run.exit_code != 0) {
    e.status = "exit " + std::to_string(run.exit_code);
  }
  if (e.status != "ok" && !run.err.empty()) {
    // The first line of the program's complaint, kept short for the TSV.
    e.status += ": " + run.err.substr(0, std::min<std::size_t>(run.err.find('\n'), 120));
  }
  e.failed = e.status != "ok";
  return e;
}

}  // namespace winnow::eval
