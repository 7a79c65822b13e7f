# The synthetic illustration (the paper's Figure 3): per group, the fair
# model's P(ŷ = 1 | x, a) as a heat map, its decision boundary (P = 1/2),
# its truncation boundary (Pe at the group's cap or floor) and the
# unconstrained logistic regression's boundary. Called by figure3.sh with
# work and out set.
load work.'/settings.gp'

# Contour lines of one column of a group's grid, as a table.
set view map
unset surface
set contour base
set cntrparam linear
do for [a in "0 1"] {
  set cntrparam levels discrete 0.5
  set table work.'/fair'.a.'.dat'
  splot work.'/grid_a'.a.'.dat' using 1:2:3 with lines
  unset table
  set table work.'/logistic'.a.'.dat'
  splot work.'/grid_a'.a.'.dat' using 1:2:5 with lines
  unset table
}
set cntrparam levels discrete cap0
set table work.'/truncation0.dat'
splot work.'/grid_a0.dat' using 1:2:4 with lines
unset table
set cntrparam levels discrete floor1
set table work.'/truncation1.dat'
splot work.'/grid_a1.dat' using 1:2:4 with lines
unset table
unset contour

set terminal pngcairo size 1300,600 font ',11'
set output out
set multiplot layout 1,2 title "Fair robust log loss under demographic parity: P(ŷ = 1 | x, A) per group (synthetic data, spec Sec. 6)"
set size ratio -1
set xrange [-4:4]
set yrange [-4:4]
set cbrange [0:1]
set xlabel 'x_1'
set ylabel 'x_2'
set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')
set cblabel 'P(ŷ = 1 | x, A)'
set key top left opaque box font ',9'

set title sprintf('A = 0: capped at %.3f', cap0)
plot work.'/grid_a0.dat' using 1:2:3 with image notitle, \
     work.'/points_a0.dat' using 1:2:($3 == 1 ? 7 : 6) with points pt variable ps 0.45 lc rgb 'black' title 'training points (filled: y = 1)', \
     work.'/fair0.dat' with lines lw 2.5 lc rgb 'black' title 'fair decision boundary (P = 1/2)', \
     work.'/truncation0.dat' with lines lw 2 dt 2 lc rgb 'black' title 'truncation boundary (Pe = cap)', \
     work.'/logistic0.dat' with lines lw 2.5 dt 3 lc rgb '#006d2c' title 'logistic regression boundary'

set title sprintf('A = 1: floored at %.3f', floor1)
plot work.'/grid_a1.dat' using 1:2:3 with image notitle, \
     work.'/points_a1.dat' using 1:2:($3 == 1 ? 7 : 6) with points pt variable ps 0.45 lc rgb 'black' title 'training points (filled: y = 1)', \
     work.'/fair1.dat' with lines lw 2.5 lc rgb 'black' title 'fair decision boundary (P = 1/2)', \
     work.'/truncation1.dat' with lines lw 2 dt 2 lc rgb 'black' title 'truncation boundary (Pe = floor)', \
     work.'/logistic1.dat' with lines lw 2.5 dt 3 lc rgb '#006d2c' title 'logistic regression boundary'
unset multiplot
