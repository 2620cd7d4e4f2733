#pragma once
// SVG plots through gnuplot, written atomically like every report file. Reports degrade to
// their tables when gnuplot is not installed (ARCHITECTURE.md "Dependencies").

#include <filesystem>
#include <string>

namespace vibro {

/// Runs gnuplot on `commands` (everything after the terminal and output lines; data given
/// inline as `$name << EOD … EOD` blocks) with an SVG terminal of the given size, writing
/// `svg` atomically. False, and nothing written, when gnuplot is absent or fails.
bool render_svg(const std::string& commands, const std::filesystem::path& svg, int width, int height);

}  // namespace vibro
