// trfaudit serve: progressive enhancement only. Without this script the form posts and the
// links open pages; with it, a check shows its progress and a player's explanation opens in
// a side panel. No inline script, no third-party code (the page's CSP allows /static/ only).
"use strict";

function setupForm() {
  const form = document.getElementById("check-form");
  if (!form) return;
  const input = document.getElementById("file");
  const drop = document.getElementById("drop");
  const chosen = document.getElementById("chosen");
  const showChosen = () => {
    const names = Array.from(input.files).map((f) => f.name + " (" + Math.ceil(f.size / 1000) + " kB)");
    chosen.textContent = names.join(", ");
  };
  input.addEventListener("change", showChosen);
  ["dragenter", "dragover"].forEach((type) =>
    drop.addEventListener(type, (event) => { event.preventDefault(); drop.classList.add("over"); }));
  ["dragleave", "drop"].forEach((type) =>
    drop.addEventListener(type, () => drop.classList.remove("over")));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    if (event.dataTransfer && event.dataTransfer.files.length) {
      input.files = event.dataTransfer.files;
      showChosen();
    }
  });
  form.addEventListener("submit", () => {
    // The browser keeps this page until the verdict arrives: say that it is working.
    const progress = document.getElementById("progress");
    const text = document.getElementById("progress-text");
    const button = document.getElementById("submit");
    const start = Date.now();
    progress.hidden = false;
    const tick = () => {
      const seconds = Math.round((Date.now() - start) / 1000);
      text.textContent = "Checking\u2026 " + seconds + " s (every round is paired again: a " +
        "1,000-player file takes about as long as on the command line)";
    };
    tick();
    setInterval(tick, 1000);
    setTimeout(() => { button.disabled = true; }, 0); // after the form's data is taken
  });
}

async function openPanel(url) {
  const panel = document.getElementById("panel");
  panel.hidden = false;
  panel.classList.add("loading");
  panel.textContent = "Explaining\u2026";
  const sep = url.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(url + sep + "fragment=1");
  } catch (error) {
    window.location.href = url;
    return;
  }
  if (!response.ok) { window.location.href = url; return; } // the page says what is wrong
  panel.classList.remove("loading");
  panel.innerHTML = await response.text(); // server-rendered, every file text escaped
  panel.scrollTop = 0;
  // The answer takes the focus: a keyboard or screen-reader user is where it appeared.
  panel.focus({ preventScroll: window.innerWidth >= 900 });
  if (window.innerWidth < 900) panel.scrollIntoView({ behavior: "smooth" });
}

function setupPanel() {
  const panel = document.getElementById("panel");
  if (!panel) return;
  const hint = panel.innerHTML;
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a");
    if (!link) return;
    const inPanel = panel.contains(link);
    if (link.classList.contains("player") || (inPanel && link.pathname.endsWith("/explain"))) {
      event.preventDefault();
      openPanel(link.getAttribute("href"));
    } else if (inPanel && link.pathname === window.location.pathname) {
      event.preventDefault(); // "back to the verdict": it is this page
      panel.innerHTML = hint;
    }
  });
  panel.addEventListener("submit", (event) => {
    const form = event.target.closest("form.why-not");
    if (!form) return;
    event.preventDefault();
    const query = new URLSearchParams(new FormData(form)).toString();
    openPanel(form.getAttribute("action") + "?" + query);
  });
}

document.addEventListener("DOMContentLoaded", () => { setupForm(); setupPanel(); });
