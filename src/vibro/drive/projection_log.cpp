#include "vibro/drive/projection_log.hpp"

#include "vibro/results/projection_activity.hpp"
#include "vibro/results/run_findings.hpp"

namespace vibro {

void ProjectionLog::record(RunFindings& findings) const {
  findings.projection_active = ProjectionActivity{count_, first_steps_, impacts_};
}

}  // namespace vibro
