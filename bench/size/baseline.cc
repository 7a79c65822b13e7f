// Size baseline: the board's startup code and nothing else. Every other size
// image is reported as its growth over this one.
int main() { return 0; }
