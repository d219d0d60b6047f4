// Keyboard navigation: j/k or the down/up arrows move between tricks, n/p move between hands,
// the left/right arrows between the cards of a trick (each card tells the duty it was played under).
(function () {
  "use strict";
  function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }
  function move(items, current, step) {
    var at = items.indexOf(current);
    if (at < 0) {
      var after = items.findIndex(function (el) { return current && (current.compareDocumentPosition(el) & 4); });
      at = step > 0 ? (after < 0 ? items.length : after) - 1 : (after < 0 ? items.length : after);
    }
    var next = items[Math.min(Math.max(at + step, 0), items.length - 1)];
    if (next) { next.focus(); next.scrollIntoView({block: "nearest"}); }
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var here = document.activeElement;
    var key = event.key;
    if (key === "j" || key === "ArrowDown") { move(all("[data-nav=trick]"), here && here.closest("tr") || here, 1); }
    else if (key === "k" || key === "ArrowUp") { move(all("[data-nav=trick]"), here && here.closest("tr") || here, -1); }
    else if (key === "n") { move(all("[data-nav=hand]"), here && here.closest("[data-nav=hand]") || here, 1); }
    else if (key === "p") { move(all("[data-nav=hand]"), here && here.closest("[data-nav=hand]") || here, -1); }
    else if ((key === "ArrowRight" || key === "ArrowLeft") && here && here.closest("tr.trick")) {
      var cells = all("#" + here.closest("tr.trick").id + " td.play[tabindex]");
      move(cells, here, key === "ArrowRight" ? 1 : -1);
    } else { return; }
    event.preventDefault();
  });
})();
