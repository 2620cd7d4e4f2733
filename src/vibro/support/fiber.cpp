#include "vibro/support/fiber.hpp"

#include "vibro/scalar/types.hpp"

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdint>
#include <new>
#include <stdexcept>
#include <utility>

namespace vibro {

struct Fiber::Context {
  std::function<void()> body;
  void* stack = nullptr;
  std::size_t mapped = 0;
  ucontext_t caller{}, own{};
  unsigned precision = 0;  ///< MPFR's default precision while the body runs
  bool started = false, finished = false, running = false;
  std::exception_ptr failure;

  static void entry(unsigned high, unsigned low) {
    auto* self = reinterpret_cast<Context*>((static_cast<std::uintptr_t>(high) << 32) | low);
    try {
      self->body();
    } catch (...) {
      self->failure = std::current_exception();
    }
    self->finished = true;
    // Returns into `caller` (uc_link), outside the handler above.
  }
};

Fiber::Fiber(std::function<void()> body, std::size_t stack_bytes) : context_(std::make_unique<Context>()) {
  Context& c = *context_;
  c.body = std::move(body);
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  c.mapped = (stack_bytes + page - 1) / page * page + page;  // and a guard page below it
  c.stack = mmap(nullptr, c.mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (c.stack == MAP_FAILED) throw std::bad_alloc();
  mprotect(c.stack, page, PROT_NONE);  // an overflow faults instead of writing over the heap
  c.precision = mpfr_real::default_precision();
  if (getcontext(&c.own) != 0) throw std::runtime_error("fiber: getcontext failed");
  c.own.uc_stack.ss_sp = static_cast<char*>(c.stack) + page;
  c.own.uc_stack.ss_size = c.mapped - page;
  c.own.uc_link = &c.caller;
  const auto address = reinterpret_cast<std::uintptr_t>(&c);
  makecontext(&c.own, reinterpret_cast<void (*)()>(&Context::entry), 2, static_cast<unsigned>(address >> 32),
              static_cast<unsigned>(address & 0xffffffffu));
}

Fiber::~Fiber() { munmap(context_->stack, context_->mapped); }

void Fiber::resume() {
  Context& c = *context_;
  if (c.finished || c.running) throw std::logic_error("fiber: resumed when finished or from inside");
  c.started = c.running = true;
  const unsigned callers = mpfr_real::default_precision();
  mpfr_real::default_precision(c.precision);
  swapcontext(&c.caller, &c.own);
  c.running = false;
  c.precision = mpfr_real::default_precision();
  mpfr_real::default_precision(callers);
}

void Fiber::hand_over() {
  Context& c = *context_;
  if (!c.running) throw std::logic_error("fiber: hand_over() outside the fiber");
  swapcontext(&c.own, &c.caller);
}

bool Fiber::started() const { return context_->started; }

bool Fiber::finished() const { return context_->finished; }

std::exception_ptr Fiber::failure() const { return context_->failure; }

}  // namespace vibro
