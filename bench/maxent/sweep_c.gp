# The paper's Figure 2 from sweep_c.py: COMPAS small (sex), the six max-ent variants against
# C. Variables: data (sweep_c.py's output), out (PNG).
set terminal pngcairo size 1500,900 font "sans,10"
set output out
set multiplot layout 2,3
set xlabel "C (weight of the uniform distribution in the prior)"
set grid
set key bottom right font "sans,8"
names = "q^d,θ^d q^d,θ^b q^d,θ^w q^w,θ^d q^w,θ^b q^w,θ^w"
columns = "3 5 7 9 11"
labels = "data-SR data-RR KL-to-data classifier-SR-(soft) classifier-accuracy"
do for [p=1:5] {
  set title word(labels, p)
  set ylabel word(labels, p)
  col = int(word(columns, p))
  plot for [v=0:5] data index v using 2:col:(column(col + 1)) with yerrorlines \
       pt (v + 4) title word(names, v + 1)
}
unset multiplot
