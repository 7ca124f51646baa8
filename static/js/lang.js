// Runs before Python starts (a deferred classic script, before the first frame): picks the language
// the way the game will (the stored setting, else the browser's preferred languages),
// sets <html lang dir> and fills every static text of the page, the loader included, so
// the first screen already speaks that language. The build fills STRINGS from the
// language files in py/briscola/locales (the same texts Python uses later).
(() => {
  const STRINGS = /*__STRINGS__*/ {};
  const ALIASES = { pt: "pt-BR" }; // a bare "pt" means Brazil, as in CLDR
  const REGION_ALIASES = { pt: "pt-PT" }; // pt-AO, pt-MZ...: European Portuguese, as in CLDR
  const LEGACY = { pt: "pt-PT" }; // the "pt" stored by earlier builds was European
  const MAX_SETTINGS_CHARS = 4096;
  const codes = Object.keys(STRINGS);

  const resolve = (tag) => {
    if (typeof tag !== "string" || !tag) return null;
    const lower = tag.trim().replace("_", "-").toLowerCase();
    const exact = codes.find((c) => c.toLowerCase() === lower);
    if (exact) return exact;
    const [base, ...rest] = lower.split("-");
    const region = rest.find((s) => /^([a-z]{2}|[0-9]{3})$/.test(s));
    const regional = region && codes.find((c) => c.toLowerCase() === `${base}-${region}`);
    if (regional) return regional; // pt-Latn-BR
    if (REGION_ALIASES[base] && region) return REGION_ALIASES[base]; // pt-AO: a region of its own
    if (ALIASES[base]) return ALIASES[base];
    return codes.find((c) => c.toLowerCase() === base) || null;
  };

  const stored = () => {
    try {
      const raw = localStorage.getItem("briscola.settings");
      if (!raw || raw.length > MAX_SETTINGS_CHARS) return null;
      const lang = JSON.parse(raw).data.lang;
      return resolve(LEGACY[lang] || lang);
    } catch (e) {
      return null; // unreadable settings: Python sets them aside and says so
    }
  };

  const preferred = () => {
    for (const tag of navigator.languages || [navigator.language]) {
      const found = resolve(tag);
      if (found) return found;
    }
    return null;
  };

  const lang = stored() || preferred() || "en";
  const strings = STRINGS[lang] || STRINGS.en || {};
  const root = document.documentElement;
  root.lang = lang;
  root.dir = strings._dir || "ltr";
  for (const el of document.querySelectorAll("[data-t]")) {
    const value = strings[el.dataset.t];
    if (typeof value === "string") el.textContent = value;
  }
  for (const el of document.querySelectorAll("[data-t-label]")) {
    const value = strings[el.dataset.tLabel];
    if (typeof value === "string") el.setAttribute("aria-label", value);
  }
  // pwa.js and anything else before or beside Python take their words from here
  window.briscolaText = (key) => {
    const now = STRINGS[root.lang] || strings;
    return now[key] || (STRINGS.en || {})[key] || "";
  };
})();
