set terminal pngcairo size 960,480
set output 'noisy_groups_adult_violation.png'
set title 'Adult (race, EO): max violation, mean ± SE over splits'
set xlabel 'noise level γ'
set ylabel 'max violation'
set key outside right top
set grid
set xrange [0.05:0.55]
set arrow from 0.05,0 to 0.55,0 nohead dt 2
plot 'noisy_groups_adult.dat' using 1:8:9 with yerrorlines title 'naive (true groups)', \
     'noisy_groups_adult.dat' using 1:10:11 with yerrorlines title 'DRO', \
     'noisy_groups_adult.dat' using 1:12:13 with yerrorlines title 'soft groups', \
     'noisy_groups_adult.dat' using 1:14:15 with yerrorlines title 'naive on the noisy groups', \
     'noisy_groups_adult.dat' using 1:26:27 with yerrorlines title 'DRO as the code', \
     'noisy_groups_adult.dat' using 1:30:31 with yerrorlines title 'soft groups as the code'
