#include "host_tools/data/dataset.h"

#include <stdexcept>

namespace tinyfair::host::data {

Dataset BuildDataset(const tinyfair::Model& model, const InputEncoder& encoder,
                     const std::vector<bool>& use, const std::vector<int>& labels) {
  if (!labels.empty() && labels.size() != encoder.row_count()) {
    throw std::invalid_argument("one label per row is needed");
  }
  Dataset data{encoder.Design(use), Eigen::VectorXd(static_cast<Eigen::Index>(labels.size())),
               GroupIndex(model, encoder)};
  for (size_t i = 0; i < labels.size(); ++i) {
    data.labels[static_cast<Eigen::Index>(i)] = labels[i];
  }
  return data;
}

}  // namespace tinyfair::host::data
