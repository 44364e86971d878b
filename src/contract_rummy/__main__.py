"""``python -m contract_rummy demo --seed 7``: the same as the ``contract-rummy`` command."""

import sys

from contract_rummy.cli import main

sys.exit(main())
