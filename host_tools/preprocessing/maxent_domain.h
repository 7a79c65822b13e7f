// The discrete domain of the maximum-entropy method: an ordered product of
// feature blocks (binary, one-hot categorical, or ordinal scalar), each
// value of a block encoded as a vector, and the deduplicated data on it.
//
// A point of the domain is one value index per block; its encoding alpha is
// the concatenation of the blocks' encodings (length d). Only valid points
// (one value per block) belong to the domain, so a one-hot block never has
// two or no ones.

#ifndef TINYFAIR_HOST_TOOLS_MAXENT_DOMAIN_H_
#define TINYFAIR_HOST_TOOLS_MAXENT_DOMAIN_H_

#include <Eigen/Dense>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace tinyfair::host::preprocessing {

/// How the values of a block are encoded.
enum class BlockKind {
  kBinary,   ///< two values, encoded 0 and 1 (one coordinate)
  kOneHot,   ///< k values, value j encoded as the unit vector e_j (k coordinates)
  kOrdinal,  ///< k numbers, value j encoded as that number (one coordinate)
};

/// One factor of the domain.
struct DomainBlock {
  std::string name;
  BlockKind kind = BlockKind::kOneHot;
  /// The value names, used to decode points back into table cells.
  std::vector<std::string> labels;
  /// encodings(j, c): coordinate c of value j's encoding; k x m.
  Eigen::MatrixXd encodings;

  static DomainBlock Binary(std::string name, std::vector<std::string> labels);
  static DomainBlock OneHot(std::string name, std::vector<std::string> labels);
  /// Values must be distinct numbers; labels name them.
  static DomainBlock Ordinal(std::string name, std::vector<std::string> labels,
                             const std::vector<double>& values);

  std::size_t value_count() const { return static_cast<std::size_t>(encodings.rows()); }
  std::size_t width() const { return static_cast<std::size_t>(encodings.cols()); }
};

/// Omega = V_1 x ... x V_B.
class Domain {
 public:
  /// @throws std::invalid_argument for no blocks or a block with fewer than
  ///         two values.
  explicit Domain(std::vector<DomainBlock> blocks);

  const std::vector<DomainBlock>& blocks() const { return blocks_; }
  std::size_t block_count() const { return blocks_.size(); }
  /// d, the length of an encoding.
  std::size_t dimension() const { return dimension_; }
  /// First coordinate of block b in an encoding.
  std::size_t offset(std::size_t b) const { return offsets_[b]; }
  /// log |Omega| (|Omega| itself may not fit a double's precision).
  double log_size() const { return log_size_; }

  /// The encoding of a point (one value index per block).
  Eigen::VectorXd Encode(const std::vector<int>& point) const;

  /// Visits every point in mixed-radix order (last block fastest). Only for
  /// domains small enough to enumerate.
  void ForEachPoint(const std::function<void(const std::vector<int>&)>& visit) const;

 private:
  std::vector<DomainBlock> blocks_;
  std::vector<std::size_t> offsets_;
  std::size_t dimension_ = 0;
  double log_size_ = 0.0;
};

/// The distinct points of a data set with their multiplicities n_alpha.
struct DomainData {
  std::vector<std::vector<int>> points;
  std::vector<double> counts;
  /// Row i is the encoding of points[i]; n_S x d.
  Eigen::MatrixXd encodings;

  std::size_t size() const { return points.size(); }
  double total() const;
};

/// Counts the distinct rows (points) in first-appearance order.
DomainData Deduplicate(const Domain& domain, const std::vector<std::vector<int>>& rows);

}  // namespace tinyfair::host::preprocessing

#endif  // TINYFAIR_HOST_TOOLS_MAXENT_DOMAIN_H_
