// Tables a supervisor sorts and narrows: click a heading to sort by it (again: the other way), type in
// a "filter these rows" box to keep the rows that contain the text. No build step, no framework.
"use strict";
(function () {
  function key(cell, numeric) {
    const text = (cell ? cell.textContent : "").trim();
    if (!numeric) { return text.toLowerCase(); }
    const n = Number(text.replace(/[^0-9.\-]/g, ""));
    return text === "" || isNaN(n) ? -Infinity : n;
  }
  function looksNumeric(rows, index) {
    return rows.length > 0 && rows.every(function (r) {
      const t = (r.cells[index] ? r.cells[index].textContent : "").trim();
      return t === "" || /^-?[0-9][0-9,]*(\.[0-9]+)?%?$/.test(t);
    });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    const body = table.tBodies[0];
    if (!body || !table.tHead) { return; }
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      th.classList.add("sorts");
      th.title = "sort by " + th.textContent;
      th.addEventListener("click", function () {
        const rows = Array.prototype.filter.call(body.rows, function (r) { return !r.classList.contains("total") && !r.classList.contains("empty"); });
        const pinned = Array.prototype.filter.call(body.rows, function (r) { return r.classList.contains("total"); });
        const numeric = th.dataset.sort === "number" || looksNumeric(rows, index);
        const down = th.dataset.dir !== "asc";
        table.querySelectorAll("th").forEach(function (h) { delete h.dataset.dir; });
        th.dataset.dir = down ? "asc" : "desc";
        rows.sort(function (a, b) {
          const x = key(a.cells[index], numeric), y = key(b.cells[index], numeric);
          return (x < y ? -1 : x > y ? 1 : 0) * (down ? 1 : -1);
        });
        rows.concat(pinned).forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  document.querySelectorAll("input.narrow").forEach(function (input) {
    const table = document.getElementById(input.dataset.narrows);
    if (!table) { return; }
    input.addEventListener("input", function () {
      const words = input.value.trim().toLowerCase();
      Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
        r.hidden = words !== "" && !r.classList.contains("total") && r.textContent.toLowerCase().indexOf(words) < 0;
      });
    });
  });
})();

// A report shown before its par sheets were computed: say how far they are, reload when they are done.
(function () {
  const pending = document.getElementById("par-pending");
  if (!pending) { return; }
  const timer = setInterval(function () {
    fetch("/api/par", { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      if (data === null) { return; }
      if (data.pending.length === 0) { clearInterval(timer); location.reload(); return; }
      pending.textContent = "Par pending: " + data.pending.map(function (j) { return (j.name || j.game) + " (" + j.progress + ")"; }).join("; ") +
        ". The figures have no theoretical win or band until it is computed; this page fills them in by itself.";
    });
  }, 1500);
})();
