"""The runtime's floor: print one line into the page and flag readiness."""

import sys

from pyscript import document, window

line = "ready"
print(line)
document.getElementById("out").textContent = f"{line} (Python {sys.version.split()[0]})"
window.performance.mark("bare:ready")
document.body.dataset.ready = "1"
