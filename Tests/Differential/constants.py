#!/usr/bin/env python3
"""Tally's physical constants held to CODATA 2022 as `scipy.constants` publishes it.

Every constant of `help constants` whose CODATA name is listed below is read through the built
`tally` in SI units at 40 significant digits (`NAME / (1 UNIT)` is a plain number):

- a measured constant must be exactly the published decimal (scipy's value, whose shortest
  repr is the published decimal), and its relative uncertainty in `help constants` must be the
  published standard uncertainty over the value, to two significant digits;
- an exact one must be shown exactly when its decimal terminates (the defining constants), be
  rounded when π enters it, and agree with scipy's double to 1e-15 relative (scipy holds the
  exact values as doubles).

scipy >= 1.15 holds CODATA 2022; the script installs it with pip when it is missing or older.

    constants.py --tally .build/debug/tally
Exit status 0 when every constant agrees, 1 otherwise.
"""
import argparse
import re
import subprocess
import sys
from fractions import Fraction


def ensure_scipy():
    try:
        import scipy
        major, minor = (int(part) for part in scipy.__version__.split(".")[:2])
        if (major, minor) >= (1, 15):
            return
    except ImportError:
        pass
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "scipy>=1.15"], check=True)


# Tally name, CODATA name in scipy, the SI unit as Tally writes it, whether π enters the value.
TABLE = [
    ("speed_of_light", "speed of light in vacuum", "m/s", False),
    ("planck_constant", "Planck constant", "J s", False),
    ("reduced_planck_constant", "reduced Planck constant", "J s", True),
    ("elementary_charge", "elementary charge", "A s", False),
    ("boltzmann_constant", "Boltzmann constant", "J/K", False),
    ("avogadro_constant", "Avogadro constant", "mol^-1", False),
    ("gas_constant", "molar gas constant", "J/(mol K)", False),
    ("faraday_constant", "Faraday constant", "A s/mol", False),
    ("stefan_boltzmann_constant", "Stefan-Boltzmann constant", "W/m^2/K^4", True),
    ("josephson_constant", "Josephson constant", "Hz/V", False),
    ("von_klitzing_constant", "von Klitzing constant", "Ω", False),
    ("magnetic_flux_quantum", "mag. flux quantum", "V s", False),
    ("conductance_quantum", "conductance quantum", "A/V", False),
    ("standard_gravity", "standard acceleration of gravity", "m/s^2", False),
    ("gravitational_constant", "Newtonian constant of gravitation", "m^3/(kg s^2)", False),
    ("electron_mass", "electron mass", "kg", False),
    ("proton_mass", "proton mass", "kg", False),
    ("neutron_mass", "neutron mass", "kg", False),
    ("muon_mass", "muon mass", "kg", False),
    ("atomic_mass_constant", "atomic mass constant", "kg", False),
    ("fine_structure_constant", "fine-structure constant", "", False),
    ("rydberg_constant", "Rydberg constant", "m^-1", False),
    ("bohr_radius", "Bohr radius", "m", False),
    ("classical_electron_radius", "classical electron radius", "m", False),
    ("compton_wavelength", "Compton wavelength", "m", False),
    ("vacuum_permittivity", "vacuum electric permittivity", "A s/(V m)", False),
    ("vacuum_permeability", "vacuum mag. permeability", "N/A^2", False),
    ("bohr_magneton", "Bohr magneton", "A m^2", False),
    ("nuclear_magneton", "nuclear magneton", "A m^2", False),
    ("hartree_energy", "Hartree energy", "J", False),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tally", default=".build/debug/tally")
    options = parser.parse_args()
    ensure_scipy()
    import scipy.constants

    lines = [f"{name} / (1 {unit})" if unit else name for name, _, unit, _ in TABLE]
    run = subprocess.run(
        [options.tally, "--digits", "40", "--mark-rounded", "-"], input="\n".join(lines) + "\n",
        capture_output=True, text=True)
    outputs = run.stdout.splitlines()
    help_text = subprocess.run(
        [options.tally, "-e", "help constants"], capture_output=True, text=True).stdout
    failures = 0
    if len(outputs) != len(TABLE):
        print(f"expected {len(TABLE)} lines, got {len(outputs)}:\n{run.stdout}{run.stderr}")
        return 1
    for (name, key, _, with_pi), output in zip(TABLE, outputs):
        value, _, uncertainty = scipy.constants.physical_constants[key]
        rounded = output.startswith("≈")
        tally = Fraction(output.lstrip("≈ ").replace("_", ""))
        published = Fraction(repr(value))
        if uncertainty:
            problem = None
            if rounded or tally != published:
                problem = f"{output} is not the published {value!r}"
            match = re.search(rf"^  {name} .*\n.*relative uncertainty (\S+)", help_text, re.M)
            expected = f"{uncertainty / value:.1e}".replace("e-0", "e-")
            if not match or match.group(1) != expected:
                problem = f"relative uncertainty {match and match.group(1)}, published {expected}"
        else:
            problem = None
            # Exact values show every digit, or, as any fraction without a terminating decimal
            # does, 40 of them rounded; only a formula in π may be otherwise.
            if with_pi and not rounded:
                problem = f"{output} claims to be exact"
            elif not rounded and tally != published and len(repr(value)) < 16:
                problem = f"{output} is not the defined {value!r}"
            elif abs(tally - published) > abs(published) * Fraction(1, 10**15):
                problem = f"{output} differs from {value!r}"
        if problem:
            failures += 1
            print(f"FAIL {name}: {problem}")
    print(f"{len(TABLE)} constants against CODATA 2022 (scipy {scipy.__version__}): {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
