// pnp serve: the page follows the server's event stream; each push is the whole state, and
// only pictures whose content name changed are fetched again.
"use strict";

const view = { pages: false, state: null };
const figures = new Map(); // "family/id" -> figure element, kept across updates

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function setPicture(img, pic) {
  img.width = pic.cssW;
  img.height = pic.cssH;
  // a picture's name is its content: the same name needs no new request
  if (img.dataset.name === pic.name) return;
  img.dataset.name = pic.name;
  img.dataset.state = "loading";
  img.src = "/picture/" + pic.name + ".png";
}

function picture(pic, wMm, hMm, alt, side) {
  const img = el("img", { alt: alt });
  img.dataset.side = side;
  img.addEventListener("load", () => { img.dataset.state = "loaded"; img.classList.remove("failed"); });
  img.addEventListener("error", () => { img.dataset.state = "failed"; img.classList.add("failed"); img.title = alt + ": could not be drawn"; });
  return img;
}

function sized(pic, wMm, hMm) {
  const mm = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--mm")) || 2.5;
  return { ...pic, cssW: Math.max(1, Math.round(wMm * mm)), cssH: Math.max(1, Math.round(hMm * mm)) };
}

function hoverText(face) {
  const lines = [face.id + "  (" + face.w_mm + " x " + face.h_mm + " mm)"];
  for (const [k, v] of Object.entries(face.attrs)) lines.push(k + ": " + v);
  return lines.join("\n");
}

function renderMessages(s) {
  const box = document.getElementById("messages");
  box.replaceChildren();
  const add = (m, cls) => {
    const where = m.file ? m.file + (m.line ? ":" + m.line : "") : "";
    const body = where && m.text.startsWith(where) ? m.text.slice(where.length).replace(/^:\s*/, "") : m.text;
    box.append(el("div", { className: "message " + cls }, where ? el("span", { className: "where", textContent: where + ": " }) : null, body));
  };
  for (const m of s.errors || []) add(m, "error");
  for (const m of s.warnings || []) add(m, "warning");
}

function renderFamilies(s) {
  const box = document.getElementById("families");
  const seen = new Set();
  const sections = [];
  for (const fam of s.families) {
    const grid = el("div", { className: "grid" });
    for (const face of fam.faces) {
      const key = fam.name + "/" + face.id;
      seen.add(key);
      let fig = figures.get(key);
      if (!fig) {
        fig = el("figure", {}, el("div", { className: "sides" }), el("figcaption"));
        fig.dataset.face = key;
        figures.set(key, fig);
      }
      const sides = fig.querySelector(".sides");
      const wanted = [["front", face.front], ["back", fam.shared_back ? null : face.back]].filter(([, p]) => p);
      for (const [side, pic] of wanted) {
        let img = sides.querySelector('img[data-side="' + side + '"]');
        if (!img) { img = picture(pic, face.w_mm, face.h_mm, face.id + " " + side, side); sides.append(img); }
        setPicture(img, sized(pic, face.w_mm, face.h_mm));
      }
      for (const img of sides.querySelectorAll("img")) {
        if (!wanted.some(([side]) => side === img.dataset.side)) img.remove();
      }
      fig.querySelector("figcaption").textContent = face.id;
      fig.title = hoverText(face);
      grid.append(fig);
    }
    if (fam.shared_back && fam.faces.length) {
      const key = fam.name + "/(back)";
      seen.add(key);
      let fig = figures.get(key);
      if (!fig) {
        const f0 = fam.faces[0];
        fig = el("figure", {}, el("div", { className: "sides" }, picture(fam.shared_back, f0.w_mm, f0.h_mm, "back of every item", "back")), el("figcaption", { textContent: "back (every item)" }));
        fig.dataset.face = key;
        figures.set(key, fig);
      }
      setPicture(fig.querySelector("img"), sized(fam.shared_back, fam.faces[0].w_mm, fam.faces[0].h_mm));
      fig.title = "the back of every item of " + fam.title;
      grid.append(fig);
    }
    const count = fam.faces.length + (fam.faces.length === 1 ? " item" : " items");
    const head = el("h2", {}, fam.title + " ", el("small", { textContent: fam.kind + ", " + count + ", " + fam.file }));
    const section = el("section", { className: "family" }, head, grid);
    section.dataset.family = fam.name;
    sections.push(section);
  }
  for (const key of [...figures.keys()]) if (!seen.has(key)) figures.delete(key);
  box.replaceChildren(...sections);
}

function renderPages(s) {
  const box = document.getElementById("pages");
  box.hidden = !view.pages;
  document.getElementById("families").hidden = view.pages;
  if (!view.pages) return; // print pages are drawn only when asked for
  const old = new Map([...box.querySelectorAll("img")].map((img) => [img.dataset.page, img]));
  const grid = el("div", { className: "grid" });
  for (const p of s.pages) {
    const key = String(p.number);
    const img = old.get(key) || picture(p, p.w / 2.5, p.h / 2.5, "page " + p.number, "page");
    img.dataset.page = key;
    setPicture(img, { ...p, cssW: p.w * 0.6, cssH: p.h * 0.6 });
    grid.append(el("figure", {}, img, el("figcaption", { textContent: p.number + ": " + p.label })));
  }
  const paper = s.game ? s.game.paper : "";
  box.replaceChildren(el("h2", { textContent: s.pages.length + " print pages on " + paper }), grid);
}

const MISSES = 3; // failing faces listed under a rule, as pnp check lists them

function misses(r) {
  if (r.passed) return [];
  const out = (r.misses || []).slice(0, MISSES).map((m) =>
    el("div", { className: "miss", textContent: m.item + " (" + m.face + ") prints: " + m.printed + "  [" + m.spec + "]" }));
  if ((r.misses || []).length > MISSES) out.push(el("div", { className: "miss", textContent: "... and " + (r.misses.length - MISSES) + " more faces" }));
  if (r.rule) out.push(el("div", { className: "miss", textContent: "rule: " + r.rule }));
  return out;
}

function renderCheck(s) {
  const box = document.getElementById("check");
  if (!s.check) {
    box.replaceChildren(el("h2", { textContent: "Rulebook check" }), el("p", { textContent: s.game ? "This game has no rules file." : "" }));
    return;
  }
  const passed = s.check.filter((r) => r.passed).length;
  const rows = s.check.map((r) => {
    const tr = el("tr", { className: r.passed ? "pass" : "fail" },
      el("td", { className: "status", textContent: r.passed ? "pass" : "FAIL" }),
      el("td", { textContent: r.id }),
      el("td", { className: "cite", textContent: r.cite + (r.design_choice ? " (design choice: the rulebook does not give this number)" : "") }),
      el("td", { textContent: r.expected }),
      el("td", {}, r.found, ...misses(r)));
    tr.dataset.rule = r.id;
    return tr;
  });
  const head = el("tr", {}, ...["", "rule", "the rulebook says", "expected", "printed"].map((t) => el("th", { textContent: t })));
  box.replaceChildren(
    el("h2", { textContent: "Rulebook check: " + passed + " of " + s.check.length + " pass" }),
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function renderStatus(s) {
  const status = document.getElementById("status");
  const time = new Date().toLocaleTimeString();
  status.className = s.stale ? "stale" : "";
  if (s.stale) status.textContent = "Not updated at " + time + ": fix the error below; the last good faces are shown.";
  else if (!s.game) status.textContent = "The game could not be loaded: see the error below.";
  else if (s.pending) status.textContent = "Faces updated " + time + " in " + s.seconds + " s; checking the print pages and the rules...";
  else status.textContent = "Updated " + time + " in " + s.seconds + " s" + (s.errors.length ? ", with errors" : "");
  document.body.classList.toggle("stale", !!s.stale);
}

function render(s) {
  view.state = s;
  if (s.game) {
    document.getElementById("title").textContent = s.game.title + (s.game.variant ? " (" + s.game.variant + ")" : "");
    document.title = s.game.title + " - pnp serve";
  }
  renderStatus(s);
  renderMessages(s);
  renderFamilies(s);
  renderPages(s);
  renderCheck(s);
  document.body.dataset.version = s.version;
}

function setView(pages) {
  view.pages = pages;
  document.getElementById("show-faces").setAttribute("aria-pressed", String(!pages));
  document.getElementById("show-pages").setAttribute("aria-pressed", String(pages));
  if (view.state) render(view.state);
}

function start() {
  document.getElementById("show-faces").addEventListener("click", () => setView(false));
  document.getElementById("show-pages").addEventListener("click", () => setView(true));
  document.getElementById("zoom").addEventListener("input", (e) => {
    document.documentElement.style.setProperty("--mm", e.target.value + "px");
    if (view.state) render(view.state);
  });
  const events = new EventSource("/events");
  events.addEventListener("state", (e) => render(JSON.parse(e.data)));
  events.addEventListener("error", () => {
    const status = document.getElementById("status");
    status.className = "down";
    status.textContent = "Lost the connection to pnp serve; trying again...";
  });
}

start();
