/* The Paoli–Schatzman scheme (seed 000 eq. (14)) for vibro's external-program protocol
 * (docs/own_scheme.md), in C99 with libc and libm: the same scheme as paoli_schatzman.py
 * (increment form, centered velocity solved in closed form, Taylor start), in double.
 *
 *   cc -std=c99 -O2 -o paoli_schatzman paoli_schatzman.c -lm
 *   vibro converge cases/study_ps_centered_periodic.toml --scheme-command ./paoli_schatzman
 *
 * The JSON reader is the least that reads vibro's problem: the number after the first
 * "double" that follows a key, and the integer "steps". A real program would use a JSON
 * library; this one stays self-contained. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char problem[1 << 20];

static void fail(const char* message) {
  fprintf(stderr, "paoli_schatzman.c: %s\n", message);
  exit(2);
}

/* The value of "double" in the object that follows "key" (a key is written "key": {...}). */
static double number(const char* key) {
  char quoted[64];
  snprintf(quoted, sizeof quoted, "\"%s\":", key);
  const char* at = strstr(problem, quoted);
  if (!at) fail("the problem has no such key (this program takes the impact oscillator)");
  at = strstr(at, "\"double\":");
  if (!at) fail("a number without its double");
  return strtod(at + strlen("\"double\":"), NULL);
}

static double alpha, a, omega;

static double force(double t, double u, double v) { return a * cos(omega * t) - u - 2 * alpha * v; }

int main(void) {
  const size_t length = fread(problem, 1, sizeof problem - 1, stdin);
  problem[length] = '\0';
  if (!strstr(problem, "\"type\":\"impact-oscillator\"")) fail("only the impact oscillator");
  if (strstr(problem, "\"omega0\":")) fail("give the case in the normalised form (alpha, a, omega)");
  if (strstr(problem, "\"velocity\":\"forward\"") || strstr(problem, "\"velocity\":\"backward\"") ||
      strstr(problem, "\"start\":\"linear\"") || strstr(problem, "\"form\":\"two-step\""))
    fail("only velocity = centered, start = taylor, form = increment");
  alpha = number("alpha");
  a = number("a");
  omega = number("omega");
  const double u_min = number("u_min"), e = number("e");
  const double t0 = number("t0"), h = number("h");
  const double v0 = number("v0");
  double u = number("u0");
  const char* steps_at = strstr(problem, "\"steps\":");
  if (!steps_at) fail("the problem has no steps");
  const long steps = strtol(steps_at + strlen("\"steps\":"), NULL, 10);

  /* Taylor start D^0 = h v0 + h^2/2 f(t0, u0, v0); the centered velocity (D' + D)/2h in
   * F^n = f0 - 2 alpha v gives D' = max(Y, B) + e D with Y = (h^2 f0 + (1 - e - gamma (1 + e)) D)/(1 + gamma),
   * gamma = alpha h, and B = (1 + e)(u_min - U^n) (docs/own_scheme.md, seed 000 eq. (14)). */
  double d = h * v0 + h * h / 2 * force(t0, u, v0);
  const double gamma = 2 * alpha * h / 2, coefficient = (1 - e) - gamma * (1 + e), scale = 1 / (1 + gamma);
  printf("t,u,v,contact\n%.17g,%.17g,%.17g,0\n", t0, u, d / h);
  for (long n = 1; n <= steps; ++n) {
    u += d;
    const double t = t0 + h * (double)n;
    const double bound = (1 + e) * u_min - (1 + e) * u;
    const double y = (h * h * force(t, u, 0.0) + coefficient * d) * scale;
    const int active = y < bound;
    d = (active ? bound : y) + e * d;
    printf("%.17g,%.17g,%.17g,%d\n", t, u, d / h, active);
  }
  return 0;
}
