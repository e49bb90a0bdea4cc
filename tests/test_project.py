"""The project's promises about itself: README commands are what CI runs."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def readme_commands():
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```bash\n(.*?)\n```", text, re.S)


def test_ci_runs_the_readme_command_lines():
    ci = (ROOT / ".ci" / "run").read_text()
    commands = readme_commands()
    install, tests = commands[0].strip(), commands[1].strip()
    assert install in ci, f"README install line not in .ci/run: {install}"
    assert tests in ci, f"README test line not in .ci/run: {tests}"


def test_main_job_runs():
    out = subprocess.run([sys.executable, "-m", "tiledmm", "--quick"], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert "vs torch" in out and "rel.err" in out and "float32" in out and "bfloat16" in out
