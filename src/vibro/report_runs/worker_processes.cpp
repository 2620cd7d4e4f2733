#include "vibro/report_runs/worker_processes.hpp"

#include "vibro/support/input_error.hpp"

#include <poll.h>
#include <signal.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace vibro {
namespace {

// What a worker writes to its pipe: one tag byte, then the job's bytes ('R'), or an
// InputError's file, key and message ('I'), or another exception's message ('E'), each
// text as a 64-bit length and its bytes.
constexpr char tag_result = 'R', tag_input_error = 'I', tag_error = 'E';

void append_text(std::string& out, std::string_view text) {
  const std::uint64_t n = text.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out += text;
}

std::string read_text(std::string_view& in) {
  std::uint64_t n = 0;
  if (in.size() < sizeof n) throw std::runtime_error("a worker's failure message ends early");
  std::memcpy(&n, in.data(), sizeof n);
  in.remove_prefix(sizeof n);
  if (in.size() < n) throw std::runtime_error("a worker's failure message ends early");
  std::string text(in.substr(0, n));
  in.remove_prefix(n);
  return text;
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

/// The worker: runs the job, writes its message, and leaves without the parent's exit
/// handlers or stream buffers (they belong to the parent).
[[noreturn]] void work(int fd, const WorkerJobs& jobs, std::size_t job) {
  std::string message;
  try {
    message.push_back(tag_result);
    message += jobs.run(job);
  } catch (const InputError& e) {
    message.assign(1, tag_input_error);
    append_text(message, e.file());
    append_text(message, e.key());
    append_text(message, e.message());
  } catch (const std::exception& e) {
    message.assign(1, tag_error);
    append_text(message, e.what());
  } catch (...) {
    message.assign(1, tag_error);
    append_text(message, "an unknown exception");
  }
  std::cout.flush();
  std::cerr.flush();
  const bool written = write_all(fd, message);
  ::close(fd);
  ::_exit(written ? 0 : 1);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::size_t job = 0;
  std::string received;
};

/// The running workers; those still running when the parent leaves early are killed.
class Workers {
 public:
  ~Workers() {
    for (Worker& w : running) stop(w);
  }
  void stop(Worker& w) {
    ::kill(w.pid, SIGKILL);
    ::close(w.fd);
    reap(w);
  }
  static int reap(const Worker& w) {
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
  }
  std::vector<Worker> running;
};

[[noreturn]] void throw_system_error(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

/// The failure a worker's message or exit status tells, or none when it brought a result.
std::optional<std::exception_ptr> failure(const Worker& w, int status, const std::string& job_name) {
  if (WIFSIGNALED(status))
    return std::make_exception_ptr(std::runtime_error("the worker process running " + job_name + " was killed by signal " +
                                                      std::to_string(WTERMSIG(status))));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || w.received.empty())
    return std::make_exception_ptr(
        std::runtime_error("the worker process running " + job_name + " ended without a result"));
  std::string_view rest = std::string_view(w.received).substr(1);
  switch (w.received.front()) {
    case tag_result: return std::nullopt;
    case tag_input_error: {
      std::string file = read_text(rest), key = read_text(rest), message = read_text(rest);
      return std::make_exception_ptr(InputError(std::move(file), std::move(key), message));
    }
    default: return std::make_exception_ptr(std::runtime_error(read_text(rest)));
  }
}

}  // namespace

std::vector<std::string> run_in_worker_processes(const WorkerJobs& jobs, unsigned workers) {
  std::size_t count = 0;
  for (const std::size_t i : jobs.order) count = std::max(count, i + 1);
  std::vector<std::string> results(count);
  Workers pool;
  std::size_t next = 0;
  std::exception_ptr first_failure;
  const pid_t parent = ::getpid();
  const auto start = [&](std::size_t job) {
    int fds[2];
    if (::pipe(fds) != 0) throw_system_error("cannot make a pipe for a worker process");
    // The parent's buffered output would otherwise be written again by the child.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      throw_system_error("cannot start a worker process");
    }
    if (pid == 0) {
#ifdef __linux__
      // A worker whose parent is killed (SIGTERM, SIGKILL: not the terminal's Ctrl-C, which
      // reaches the whole process group) would otherwise compute its run to the end for
      // nobody. If the parent died before this line, the worker has a new parent already.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
#endif
      ::close(fds[0]);
      for (const Worker& w : pool.running) ::close(w.fd);
      work(fds[1], jobs, job);
    }
    ::close(fds[1]);
    pool.running.push_back(Worker{pid, fds[0], job, {}});
    if (jobs.started) jobs.started(job);
  };
  while (true) {
    while (!first_failure && next < jobs.order.size() && pool.running.size() < std::max(1u, workers))
      start(jobs.order[next++]);
    if (pool.running.empty()) break;
    std::vector<pollfd> watched;
    for (const Worker& w : pool.running) watched.push_back(pollfd{w.fd, POLLIN, 0});
    if (::poll(watched.data(), watched.size(), -1) < 0) {
      if (errno == EINTR) continue;
      throw_system_error("cannot wait for the worker processes");
    }
    for (std::size_t k = watched.size(); k-- > 0;) {
      if (watched[k].revents == 0) continue;
      Worker& w = pool.running[k];
      char buffer[1 << 16];
      const ssize_t n = ::read(w.fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw_system_error("cannot read from a worker process");
      if (n > 0) {
        w.received.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      // The end of its message: the worker has written everything and is leaving.
      ::close(w.fd);
      const int status = Workers::reap(w);
      const Worker done = std::move(w);
      pool.running.erase(pool.running.begin() + static_cast<std::ptrdiff_t>(k));
      if (const auto failed = failure(done, status, jobs.name(done.job))) {
        if (!first_failure) first_failure = *failed;
        for (Worker& other : pool.running) pool.stop(other);
        pool.running.clear();
        break;
      }
      results[done.job] = done.received.substr(1);
      if (jobs.finished) jobs.finished(done.job);
    }
  }
  if (first_failure) std::rethrow_exception(first_failure);
  return results;
}

}  // namespace vibro
