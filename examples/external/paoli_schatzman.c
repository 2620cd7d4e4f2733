/* The Paoli–Schatzman scheme, seed 000 eq. (14), as an external program for vibro
 * (docs/own_scheme.md, protocol vibro-external-scheme/1), in C99 with libc and libm only: the
 * scheme of paoli_schatzman.py (whose comments derive the formulas) with its defaults only,
 * the centered velocity and the Taylor start, in the increment form, in double.
 *
 *   cc -std=c99 -O2 -Wall -Wextra -o paoli_schatzman paoli_schatzman.c -lm
 *   vibro converge cases/study_ps_centered_periodic.toml --scheme-command ./paoli_schatzman
 *   vibro converge cases/study_ps_centered_periodic.toml --scheme-command './paoli_schatzman --binary'
 *
 * With --binary the rows are written as binary64 numbers after the header "binary64
 * t,u,v,contact" (docs/own_scheme.md "Binary rows"): four doubles a row, the contact as 0.0 or
 * 1.0, in the machine's byte order, which must be little-endian (x86-64, AArch64, RISC-V).
 * Formatting three round-trip decimals a row costs some 500 ns; writing 32 bytes, a few.
 *
 * Model: u'' = f(t, u, u') = a cos(omega t) - k u' - u (k = 2 alpha), u >= u_min, restitution e.
 * With U^n, D = U^n - U^{n-1}, f0 = f(t_n, U^n, 0), g = k h/2, B = (1 + e)(u_min - U^n):
 *   Y = (h^2 f0 + (1 - e - g (1 + e)) D) / (1 + g),   D' = U^{n+1} - U^n = max(Y, B) + e D,
 * contact when Y < B; D^0 = h v0 + h^2/2 f(t0, u0, v0). Row n: t0 + n h, U^n, D'/h, and contact
 * = 1 when the projection made U^n (in the step before: the node a contact made).
 *
 * To match vibro's built-in scheme to the bit, no multiply-add may be fused: gcc -std=c99
 * does not fuse (-ffp-contract=off); with other compilers on FMA hardware, say so yourself.
 *
 * The JSON reader below is the least that reads vibro's problem: it walks the whole object and
 * keeps the values at the paths it wants ("model.parameters.alpha.double", "steps", ...). A
 * program of your own would use a JSON library; this one stays self-contained. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char* message) {
  fprintf(stderr, "paoli_schatzman.c: %s\n", message);
  exit(2);
}

/* ---- The JSON reader: the values at the wanted paths, every other value skipped. ---- */

enum { NUMBERS = 10, STRINGS = 6 };
static const char* const number_paths[NUMBERS] = {
    "model.parameters.alpha.double", "model.parameters.a.double", "model.parameters.omega.double",
    "model.parameters.u_min.double", "model.parameters.e.double", "initial.t0.double",
    "initial.u0.double", "initial.v0.double", "step.h.double", "steps"};
static double numbers[NUMBERS];
static int number_found[NUMBERS];
static const char* const string_paths[STRINGS] = {"protocol", "model.type", "scheme.type",
                                                  "scheme.options.velocity", "scheme.options.start",
                                                  "scheme.options.form"};
static char strings[STRINGS][64]; /* "" when absent */

static const char* at;  /* the reader's position in the problem */
static char path[256];  /* the dotted path of the value at `at` */

static void skip_blanks(void) {
  while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') ++at;
}

/* A string at `at` into out (cut at size - 1 bytes); an escape keeps the character after '\'. */
static void read_string(char* out, size_t size) {
  size_t length = 0;
  if (*at++ != '"') fail("bad JSON: a string was expected");
  for (; *at != '"'; ++at) {
    if (*at == '\\') ++at;
    if (*at == '\0') fail("bad JSON: a string is not closed");
    if (length + 1 < size) out[length++] = *at;
  }
  ++at;
  out[length] = '\0';
}

static void read_value(int depth) {
  skip_blanks();
  if (depth > 32) fail("bad JSON: nested too deeply");
  if (*at == '{' || *at == '[') {
    const char close = *at == '{' ? '}' : ']';
    const size_t parent = strlen(path);
    ++at;
    skip_blanks();
    if (*at == close) {
      ++at;
      return;
    }
    for (;;) {
      if (close == '}') { /* "key": extends the path to "parent.key" */
        char key[64];
        skip_blanks();
        read_string(key, sizeof key);
        if (parent + 1 + strlen(key) + 1 > sizeof path) fail("bad JSON: a key path is too long");
        if (parent > 0) strcat(path, ".");
        strcat(path, key);
        skip_blanks();
        if (*at++ != ':') fail("bad JSON: ':' was expected after a key");
      }
      read_value(depth + 1); /* a list's items keep the list's path */
      path[parent] = '\0';
      skip_blanks();
      if (*at == ',') {
        ++at;
        continue;
      }
      if (*at++ != close) fail("bad JSON: ',' or the end of an object or a list was expected");
      return;
    }
  }
  if (*at == '"') {
    char text[64];
    read_string(text, sizeof text);
    for (int i = 0; i < STRINGS; ++i)
      if (strcmp(path, string_paths[i]) == 0) strcpy(strings[i], text);
    return;
  }
  if (strncmp(at, "true", 4) == 0 || strncmp(at, "null", 4) == 0) {
    at += 4;
    return;
  }
  if (strncmp(at, "false", 5) == 0) {
    at += 5;
    return;
  }
  char* end;
  const double value = strtod(at, &end);
  if (end == at) fail("bad JSON: a value was expected");
  at = end;
  for (int i = 0; i < NUMBERS; ++i)
    if (strcmp(path, number_paths[i]) == 0) {
      numbers[i] = value;
      number_found[i] = 1;
    }
}

/* All of stdin, with a terminating '\0'. */
static char* read_stdin(void) {
  size_t size = 1 << 16, length = 0, got;
  char* text = malloc(size);
  if (!text) fail("out of memory");
  while ((got = fread(text + length, 1, size - 1 - length, stdin)) > 0) {
    length += got;
    if (length + 1 == size && !(text = realloc(text, size *= 2))) fail("out of memory");
  }
  text[length] = '\0';
  return text;
}

/* ---- The scheme. ---- */

static double a, omega, k;

/* f(t, u, v), its terms summed in the built-in's order. */
static double force(double t, double u, double v) { return a * cos(omega * t) - k * v - u; }

static int absent_or(const char* option, const char* value) { return option[0] == '\0' || strcmp(option, value) == 0; }

/* Row n: as text (%.17g round-trips a double), or as four binary64 numbers. */
static int binary;
static void write_row(double t, double u, double v, int contact) {
  if (binary) {
    const double row[4] = {t, u, v, contact};
    fwrite(row, sizeof row, 1, stdout);
  } else {
    printf("%.17g,%.17g,%.17g,%d\n", t, u, v, contact);
  }
}

int main(int argc, char** argv) {
  binary = argc == 2 && strcmp(argv[1], "--binary") == 0;
  if (argc > 2 || (argc == 2 && !binary)) fail("the one option is --binary");
  const double one = 1.0; /* 0x3ff0000000000000: its first byte is 0 in little-endian order */
  unsigned char first_byte;
  memcpy(&first_byte, &one, 1);
  if (binary && first_byte != 0) fail("--binary writes the machine's byte order, and this machine is not little-endian");
  char* problem = read_stdin();
  at = problem;
  read_value(0);
  skip_blanks();
  if (*at != '\0') fail("bad JSON: text after the object");
  free(problem);

  if (strcmp(strings[0], "vibro-external-scheme/1") != 0) fail("not a vibro-external-scheme/1 problem");
  if (strcmp(strings[1], "impact-oscillator") != 0) {
    char message[128];
    snprintf(message, sizeof message, "only the impact oscillator, not %s", strings[1]);
    fail(message);
  }
  if (strcmp(strings[2], "paoli-schatzman") == 0 &&
      !(absent_or(strings[3], "centered") && absent_or(strings[4], "taylor") && absent_or(strings[5], "increment")))
    fail("only velocity = centered, start = taylor, form = increment (see paoli_schatzman.py for the others)");
  for (int i = 0; i < NUMBERS; ++i) {
    if (!number_found[i]) {
      char message[128];
      snprintf(message, sizeof message, "the problem has no number at %s", number_paths[i]);
      fail(message);
    }
    if (!isfinite(numbers[i])) fail("a number of the problem is not finite");
  }
  const double alpha = numbers[0], u_min = numbers[3], e = numbers[4];
  const double t0 = numbers[5], u0 = numbers[6], v0 = numbers[7], h = numbers[8];
  a = numbers[1];
  omega = numbers[2];
  k = 2 * alpha;
  if (numbers[9] < 1 || numbers[9] != floor(numbers[9]) || numbers[9] > 1e15) fail("steps must be a whole number >= 1");
  const long long steps = (long long)numbers[9];
  if (!(h > 0 && e >= 0 && e <= 1 && alpha >= 0 && u0 >= u_min)) fail("needs h > 0, 0 <= e <= 1, alpha >= 0, u0 >= u_min");

  const double g = k * h / 2, coefficient = (1 - e) - g * (1 + e), scale = 1 / (1 + g);
  double u = u0, d = h * v0 + h * h / 2 * force(t0, u0, v0); /* D^0 = U^1 - U^0 (Taylor) */
  static char out_buffer[1 << 16]; /* whole blocks to the pipe, whatever stdout is */
  setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  printf(binary ? "binary64 t,u,v,contact\n" : "t,u,v,contact\n");
  write_row(t0, u, d / h, 0);
  int made = 0; /* the projection made U^n, in the step before: row n's contact */
  for (long long n = 1; n <= steps; ++n) {
    u += d; /* U^n; d is still D = U^n - U^{n-1} */
    const double t = t0 + (double)n * h;
    const double bound = (1 + e) * u_min - (1 + e) * u;                  /* B */
    const double y = (h * h * force(t, u, 0.0) + coefficient * d) * scale; /* R/(1 + g) */
    const int active = y < bound;
    d = (active ? bound : y) + e * d; /* D' = U^{n+1} - U^n = max(Y, B) + e D */
    write_row(t, u, d / h, made);
    made = active;
  }
  return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
