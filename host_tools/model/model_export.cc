#include "host_tools/model/model_export.h"

#include "host_tools/common/text_format.h"
#include "host_tools/model/model_file.h"

namespace tinyfair::host::model {

std::string ExportModel(const ExportSettings& settings, tinyfair::Model& model) {
  if (!settings.model_id.empty()) model.set_model_id(settings.model_id);
  if (settings.monitor_alpha) model.set_monitor_alpha(static_cast<float>(*settings.monitor_alpha));
  if (settings.monitor_tolerance) {
    model.set_monitor_tolerance(static_cast<float>(*settings.monitor_tolerance));
  }
  if (settings.monitor_window) model.set_monitor_window(*settings.monitor_window);
  return SealModel(model);
}

std::string ExportSummary(const std::string& path, const std::string& bytes,
                          const tinyfair::Model& model) {
  return common::FormatText("export: wrote %s (%zu bytes, schema %u.%u, hash %016llx, crc %08x)",
                            path.c_str(), bytes.size(), model.schema_major(), model.schema_minor(),
                            static_cast<unsigned long long>(model.content_hash()), model.crc32());
}

}  // namespace tinyfair::host::model
