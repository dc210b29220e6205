"""Test-only PyPI packages: installed for this user (or into the active virtual environment)
with pip when missing. Tally itself never needs them."""

import importlib
import importlib.util
import subprocess
import sys


def ensure_installed(module, requirement, script):
    """The import spec of `module`, after `pip install requirement` when it is missing; `script`
    names the caller in the message printed before installing."""
    spec = importlib.util.find_spec(module)
    if spec is not None:
        return spec
    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    command = [sys.executable, "-m", "pip", "install", "--quiet"] + requirement.split()
    if not in_venv:
        command.insert(4, "--user")
    print("%s: installing %s: %s" % (script, module, " ".join(command)), file=sys.stderr)
    subprocess.run(command, check=True)
    import site
    importlib.invalidate_caches()
    if not in_venv:
        site.addsitedir(site.getusersitepackages())
    return importlib.util.find_spec(module)
