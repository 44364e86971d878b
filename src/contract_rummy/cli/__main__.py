"""``python -m contract_rummy.cli``: the same program as ``python -m contract_rummy``."""

import sys

from contract_rummy.cli import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
