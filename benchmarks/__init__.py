"""Speed measurements for contract_rummy: ``nox -s bench`` or ``python -m benchmarks``."""
