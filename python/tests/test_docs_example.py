"""The session of docs/python.md runs as written: every ```python block of the page that is not
an example file shown in full (those are compared with their files by DocsReference), in order,
in a fresh directory with the shipped cases and examples where the page says they are."""
import re
import subprocess
import sys

from conftest import SOURCE


def session_blocks():
    text = (SOURCE / "docs" / "python.md").read_text()
    text = re.sub(r"<!-- example: \S+ -->\n```[a-z]*\n[\s\S]*?```\n<!-- end of example -->", "", text)
    return re.findall(r"```python\n([\s\S]*?)```", text)


def test_the_session_runs(tmp_path):
    blocks = session_blocks()
    assert blocks, "docs/python.md has a session"
    for name in ("cases", "examples"):
        (tmp_path / name).symlink_to(SOURCE / name)
    script = tmp_path / "session.py"
    script.write_text("\n".join(blocks))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "my scheme's position order" in done.stdout
    assert (tmp_path / "vibro-out" / "study-ps-harmonic-obstacle-double.csv").is_file()
