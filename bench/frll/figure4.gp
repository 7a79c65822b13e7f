# The paper's Figure 4: test error against constraint violation (expected
# rates), mean and standard deviation over the splits; top row demographic
# parity, bottom row equalized odds; one panel per dataset. Called by
# reproduce.sh with `data` (reproduce.py's figure4.dat) and `out`.
set terminal pngcairo size 1500,900 font ',10'
set output out
set multiplot layout 2,3
set grid
set key top right font ',8' opaque
names = 'Adult COMPAS Law'
criteria = 'dp eodds'
labels_dp = 'logistic FRLL-dp reduction-.001 reduction-.01 reduction-.1 reweighing'
labels_eodds = 'logistic FRLL-eodds reduction-.001 reduction-.01 reduction-.1 Hardt-EO'
do for [c = 0:1] {
  do for [d = 0:2] {
    labels = c == 0 ? labels_dp : labels_eodds
    set title sprintf('%s, %s', word(names, d + 1), c == 0 ? 'demographic parity' : 'equalized odds')
    set xlabel sprintf('%s violation (expected rates)', c == 0 ? 'DP' : 'EOdds')
    set ylabel 'test error (expected)'
    block = 2 * d + c
    plot for [m = 0:5] data index block using ($1 == m ? $2 : 1/0):3:4:5 \
         with xyerrorbars pt (m == 1 ? 7 : 5) ps 1.3 lc (m + 1) title word(labels, m + 1)
  }
}
unset multiplot
