// The notation legend, one tap away on the table and game pages: each kind of line, an example and its meaning
// (GET /api/games/{game}/legend), fetched the first time the fold-out opens.
"use strict";
const LEGEND = (() => {
  const {$, api, el} = PL;

  async function fill(game) {
    const res = await api("/api/games/" + encodeURIComponent(game) + "/legend");
    const list = $("legend");
    if (!res.ok || !Array.isArray(res.data)) {
      list.replaceChildren(el("dt", {}, "No legend"), el("dd", {}, "This game's notation is not explained here."));
      return;
    }
    list.replaceChildren(...res.data.flatMap((line) => [el("dt", {class: "mono"}, line.example),
                                                        el("dd", {}, line.meaning)]));
    list.dataset.game = game;
  }

  function bind(game) {
    const box = $("legend-box");
    box.addEventListener("toggle", () => { if (box.open && $("legend").dataset.game !== game) PL.guard(fill(game)); });
  }

  return {bind};
})();
