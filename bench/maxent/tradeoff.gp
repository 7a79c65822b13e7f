# The paper's Figure 1 from the Table 2 reproduction: classifier statistical rate against
# accuracy per method, one panel per data set. Variables: data (plot data), out (PNG).
set terminal pngcairo size 1500,500 font "sans,10"
set output out
set multiplot layout 1,3
set xlabel "decision tree accuracy (held-out fold)"
set ylabel "classifier statistical rate (soft scores)"
set grid
set key bottom left
set offsets graph 0.1, graph 0.1, graph 0.1, graph 0.1
titles = "COMPAS-small,sex COMPAS-small,race Adult,sex"
methods = "raw prior-q_C^w max-ent-θ^w max-ent-θ^b reweighing-[25] reweighing-[29]"
do for [i=0:2] {
  set title word(titles, i + 1)
  plot for [m=0:5] data index i every ::m::m using 2:3 with points pt (m + 4) ps 2 \
       title word(methods, m + 1)
}
unset multiplot
