set terminal pngcairo size 960,480
set output 'noisy_groups_credit_error.png'
set title 'Credit (education, EOdds): test error, mean ± SE over splits'
set xlabel 'noise level γ'
set ylabel 'test error'
set key outside right top
set grid
set xrange [0.05:0.55]
plot 'noisy_groups_credit.dat' using 1:2:3 with yerrorlines title 'naive', \
     'noisy_groups_credit.dat' using 1:4:5 with yerrorlines title 'DRO', \
     'noisy_groups_credit.dat' using 1:6:7 with yerrorlines title 'soft groups', \
     'noisy_groups_credit.dat' using 1:24:25 with yerrorlines title 'DRO as the code', \
     'noisy_groups_credit.dat' using 1:28:29 with yerrorlines title 'soft groups as the code', \
     'noisy_groups_credit.dat' using 1:32:33 with yerrorbars pt 7 ps 1.2 title 'paper: DRO', \
     'noisy_groups_credit.dat' using 1:34:35 with yerrorbars pt 7 ps 1.2 title 'paper: soft groups'
