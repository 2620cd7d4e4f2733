#pragma once
// The stylesheet of the report's HTML pages (report/html_report.hpp): a light and a dark theme,
// chosen by the reader's colour scheme, close to a code host's. Tables keep their natural
// layout and wrap their cells at spaces only: a table whose words do not fit the column is
// wider than the column, which the browser check (tests/report_browser_check.py) reports,
// rather than hidden behind a scroll bar. Images get no background of their own: a plot is
// readable on a dark page only if it brings its own.

#include <string_view>

namespace vibro {

/// The stylesheet's file name, in the report's directory.
inline constexpr std::string_view html_stylesheet_file = "report.css";

/// The stylesheet's text.
std::string_view html_stylesheet();

}  // namespace vibro
