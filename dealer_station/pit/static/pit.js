// The floor view: tiles replaced as the server sends them (server-sent events), "ago" times kept
// current, the floor's outage shown and cleared as the server reports it, halt alerts (a sound and
// the browser's notification, opted in per browser), the session kept alive while the page is
// visible. No build step, no framework.
"use strict";
(function () {
  const bar = document.getElementById("floorbar");
  const live = document.getElementById("live");
  if (!bar) { return; }
  let version = Number(bar.dataset.version || 0);
  // The pit's clock, not the browser's: "ago" is counted from the server's now (a tablet's clock may be off).
  let skew = Number(bar.dataset.now || Date.now()) - Date.now();
  function pitNow() { return Date.now() + skew; }
  function setNow(ms) { if (ms) { skew = Number(ms) - Date.now(); } }

  function ago(ms) {
    const s = Math.max(0, Math.floor((pitNow() - ms) / 1000));
    if (s < 90) { return s + " s ago"; }
    if (s < 5400) { return Math.floor(s / 60) + " min ago"; }
    return Math.floor(s / 3600) + " h ago";
  }
  function tick() {
    document.querySelectorAll("time[data-at]").forEach(function (t) { t.textContent = ago(Number(t.dataset.at)); });
  }
  tick();
  setInterval(tick, 1000);

  // While the floor cannot be read the tiles are the last state read: greyed, each "as of" that time.
  const grid = document.getElementById("floor");
  function markAsOf() {
    const down = grid.classList.contains("unreachable");
    grid.querySelectorAll("article.tile").forEach(function (tile) {
      let line = tile.querySelector(".asof");
      if (!down) { if (line) { line.remove(); } return; }
      if (!line) {
        line = document.createElement("p");
        line.className = "asof";
        tile.querySelector("header").after(line);
      }
      line.textContent = grid.dataset.asof || "";
    });
  }
  markAsOf();

  function reloadGrid() {
    fetch("/floor/grid", { credentials: "same-origin" }).then(function (r) {
      if (r.status === 401) { location.assign("/login?next=/floor"); return null; }
      return r.text();
    }).then(function (html) { if (html !== null) { grid.innerHTML = html; markAsOf(); tick(); } });
  }

  // Halt alerts: opted in per browser (localStorage), a notification and a short tone per new halt.
  const alertsButton = document.getElementById("alerts");
  const halted = new Set();
  document.querySelectorAll("article.tile.halted").forEach(function (t) { halted.add(t.dataset.table); });
  let audio = null;
  function alertsOn() { return localStorage.getItem("pitHaltAlerts") === "on"; }
  function showAlerts() {
    const on = alertsOn() && "Notification" in window && Notification.permission === "granted";
    alertsButton.textContent = "Halt alerts: " + (on ? "on" : "off");
    alertsButton.classList.toggle("on", on);
  }
  if (alertsButton) {
    showAlerts();
    alertsButton.addEventListener("click", function () {
      if (alertsOn()) { localStorage.removeItem("pitHaltAlerts"); showAlerts(); return; }
      if (!("Notification" in window)) { alertsButton.textContent = "Halt alerts: not in this browser"; return; }
      try { audio = audio || new AudioContext(); } catch (e) { audio = null; }
      Notification.requestPermission().then(function (answer) {
        if (answer === "granted") { localStorage.setItem("pitHaltAlerts", "on"); }
        showAlerts();
      });
    });
  }
  function tone() {
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880; gain.gain.value = 0.2;
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.4);
    } catch (e) { /* no sound on this machine: the notification still shows */ }
  }
  function halt(tile) {
    if (!alertsOn() || !("Notification" in window) || Notification.permission !== "granted") { return; }
    tone();
    const note = new Notification("Table " + tile.id + " halted", { body: tile.halt || "halted", tag: "halt-" + tile.id });
    note.onclick = function () { window.focus(); location.assign("/tables/" + encodeURIComponent(tile.id)); };
  }

  // The floor's database: the badge and the banner follow what the server reports.
  const outage = document.getElementById("outage");
  let floorOk = !live.classList.contains("lost");
  function floorStatus(status) {
    floorOk = status.ok;
    setNow(status.now);
    outage.hidden = status.ok;
    document.getElementById("outage-text").textContent = status.message || "";
    document.getElementById("outage-since").textContent = status.since_text || "";  // the pit's time, as the server says it
    live.classList.toggle("lost", !status.ok);
    live.textContent = status.ok ? "live" : "floor unreachable";
    grid.classList.toggle("unreachable", !status.ok);
    grid.dataset.asof = status.as_of || "";
    markAsOf();
    tick();
  }

  function connect() {
    const source = new EventSource("/api/floor/stream?v=" + version + "&a=" + (bar.dataset.alarms || -1));
    source.addEventListener("open", function () { if (floorOk) { live.classList.remove("lost"); live.textContent = "live"; } });
    source.addEventListener("error", function () { live.classList.add("lost"); live.textContent = "reconnecting"; });
    source.addEventListener("expired", function () { source.close(); location.assign("/login?next=/floor"); });
    source.addEventListener("floor", function (message) { floorStatus(JSON.parse(message.data)); });
    source.addEventListener("clock", function (message) { setNow(JSON.parse(message.data).now); tick(); });
    source.addEventListener("alarms", function (message) {  // open alarms until resolved
      document.getElementById("alarms-holder").innerHTML = JSON.parse(message.data).html;
    });
    source.addEventListener("tiles", function (message) {
      const data = JSON.parse(message.data);
      version = data.version;
      setNow(data.now);
      if (data.summary) { document.getElementById("summary-holder").innerHTML = data.summary; }
      let layoutChanged = false;
      data.tiles.forEach(function (tile) {
        if (tile.halted && !halted.has(tile.id)) { halted.add(tile.id); halt(tile); }
        if (!tile.halted) { halted.delete(tile.id); }
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
      markAsOf();
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
