# 快艇骰子: one stateless container; run as many replicas as you need behind any HTTP load balancer.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    YAHTZEE_CACHE_DIR=/var/cache/yahtzee \
    NUMBA_CACHE_DIR=/var/cache/yahtzee/numba \
    NUMBA_CPU_NAME=generic

RUN useradd --system --create-home --uid 10001 yahtzee \
 && mkdir -p /var/cache/yahtzee/numba \
 && chown -R yahtzee /var/cache/yahtzee

WORKDIR /app
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-deps .

USER yahtzee
# The solver and 胜率 tables, and every compiled kernel a worker warms up, are built into the
# image, so a new replica is ready once it has mapped the files and loaded the kernels.
# numba keys its cached kernels by CPU model: NUMBA_CPU_NAME=generic builds them for any x86-64,
# so a node unlike the build machine still loads them.
RUN yahtzee solve --win \
 && python -c "from yahtzee.server.engine import Engine; Engine(None, None).load()"

EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD python -c "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"
STOPSIGNAL SIGTERM
CMD ["yahtzee", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
