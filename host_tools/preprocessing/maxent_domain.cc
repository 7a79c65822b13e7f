#include "host_tools/preprocessing/maxent_domain.h"

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

namespace tinyfair::host::preprocessing {

DomainBlock DomainBlock::Binary(std::string name, std::vector<std::string> labels) {
  DomainBlock block;
  block.name = std::move(name);
  block.kind = BlockKind::kBinary;
  block.labels = std::move(labels);
  block.encodings = Eigen::MatrixXd(2, 1);
  block.encodings << 0.0, 1.0;
  return block;
}

DomainBlock DomainBlock::OneHot(std::string name, std::vector<std::string> labels) {
  DomainBlock block;
  block.name = std::move(name);
  block.kind = BlockKind::kOneHot;
  const auto k = static_cast<Eigen::Index>(labels.size());
  block.labels = std::move(labels);
  block.encodings = Eigen::MatrixXd::Identity(k, k);
  return block;
}

DomainBlock DomainBlock::Ordinal(std::string name, std::vector<std::string> labels,
                                 const std::vector<double>& values) {
  if (labels.size() != values.size()) {
    throw std::invalid_argument("ordinal block '" + name + "': labels and values differ in number");
  }
  if (std::set<double>(values.begin(), values.end()).size() != values.size()) {
    throw std::invalid_argument("ordinal block '" + name + "': values are not distinct");
  }
  DomainBlock block;
  block.name = std::move(name);
  block.kind = BlockKind::kOrdinal;
  block.labels = std::move(labels);
  block.encodings =
      Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
  return block;
}

Domain::Domain(std::vector<DomainBlock> blocks) : blocks_(std::move(blocks)) {
  if (blocks_.empty()) throw std::invalid_argument("a domain needs at least one block");
  for (const auto& block : blocks_) {
    if (block.value_count() < 2) {
      throw std::invalid_argument("block '" + block.name + "' has " +
                                  std::to_string(block.value_count()) +
                                  " value(s); every block needs at least two");
    }
    if (block.labels.size() != block.value_count()) {
      throw std::invalid_argument("block '" + block.name + "': one label per value needed");
    }
    offsets_.push_back(dimension_);
    dimension_ += block.width();
    log_size_ += std::log(static_cast<double>(block.value_count()));
  }
}

Eigen::VectorXd Domain::Encode(const std::vector<int>& point) const {
  Eigen::VectorXd alpha(static_cast<Eigen::Index>(dimension_));
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    alpha.segment(static_cast<Eigen::Index>(offsets_[b]),
                  static_cast<Eigen::Index>(blocks_[b].width())) =
        blocks_[b].encodings.row(point[b]).transpose();
  }
  return alpha;
}

void Domain::ForEachPoint(const std::function<void(const std::vector<int>&)>& visit) const {
  std::vector<int> point(blocks_.size(), 0);
  while (true) {
    visit(point);
    std::size_t b = blocks_.size();
    while (b > 0) {
      --b;
      if (++point[b] < static_cast<int>(blocks_[b].value_count())) break;
      point[b] = 0;
      if (b == 0) return;
    }
  }
}

double DomainData::total() const {
  double sum = 0.0;
  for (double n : counts) sum += n;
  return sum;
}

DomainData Deduplicate(const Domain& domain, const std::vector<std::vector<int>>& rows) {
  DomainData data;
  std::map<std::vector<int>, std::size_t> index;
  for (const auto& row : rows) {
    const auto [it, inserted] = index.emplace(row, data.points.size());
    if (inserted) {
      data.points.push_back(row);
      data.counts.push_back(0.0);
    }
    data.counts[it->second] += 1.0;
  }
  data.encodings.resize(static_cast<Eigen::Index>(data.points.size()),
                        static_cast<Eigen::Index>(domain.dimension()));
  for (std::size_t i = 0; i < data.points.size(); ++i) {
    data.encodings.row(static_cast<Eigen::Index>(i)) = domain.Encode(data.points[i]).transpose();
  }
  return data;
}

}  // namespace tinyfair::host::preprocessing
