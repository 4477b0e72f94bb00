// The floor view: tiles replaced as the server sends them (server-sent events), "ago" times kept
// current, the session kept alive while the page is visible. No build step, no framework.
"use strict";
(function () {
  const bar = document.getElementById("floorbar");
  const live = document.getElementById("live");
  if (!bar) { return; }
  let version = Number(bar.dataset.version || 0);

  function ago(ms) {
    const s = Math.max(0, Math.floor((Date.now() - ms) / 1000));
    if (s < 90) { return s + " s ago"; }
    if (s < 5400) { return Math.floor(s / 60) + " min ago"; }
    return Math.floor(s / 3600) + " h ago";
  }
  function tick() {
    document.querySelectorAll("time[data-at]").forEach(function (t) { t.textContent = ago(Number(t.dataset.at)); });
  }
  tick();
  setInterval(tick, 1000);

  function reloadGrid() {
    fetch("/floor/grid", { credentials: "same-origin" }).then(function (r) {
      if (r.status === 401) { location.assign("/login?next=/floor"); return null; }
      return r.text();
    }).then(function (html) { if (html !== null) { document.getElementById("floor").innerHTML = html; tick(); } });
  }

  function connect() {
    const source = new EventSource("/api/floor/stream?v=" + version);
    source.addEventListener("open", function () { live.classList.remove("lost"); live.textContent = "live"; });
    source.addEventListener("error", function () { live.classList.add("lost"); live.textContent = "reconnecting"; });
    source.addEventListener("expired", function () { source.close(); location.assign("/login?next=/floor"); });
    source.addEventListener("tiles", function (message) {
      const data = JSON.parse(message.data);
      version = data.version;
      let layoutChanged = false;
      data.tiles.forEach(function (tile) {
        const old = document.getElementById("tile-" + tile.id);
        if (!old || old.dataset.pit !== tile.pit) { layoutChanged = true; return; }
        const holder = document.createElement("div");
        holder.innerHTML = tile.html;
        const fresh = holder.firstElementChild;
        fresh.classList.add("fresh");
        old.replaceWith(fresh);
        setTimeout(function () { fresh.classList.remove("fresh"); }, 700);
      });
      if (layoutChanged) { reloadGrid(); }
      tick();
    });
  }
  connect();

  // A visible floor page stays signed in (a podium screen); a hidden one lets the session go idle.
  setInterval(function () {
    if (document.visibilityState !== "visible") { return; }
    fetch("/api/session", { credentials: "same-origin" }).then(function (r) {
      if (r.status === 401) { location.assign("/login?next=/floor"); }
    });
  }, 240000);
})();
