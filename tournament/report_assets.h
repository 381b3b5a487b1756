#pragma once
// The style sheet and the replay script of the HTML report (tournament/html_report.h), inlined in
// every page.
namespace ggp::tournament {

extern const char* const kReportCss;
extern const char* const kReportScript;

}  // namespace ggp::tournament
