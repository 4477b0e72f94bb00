// The Bank page: the soft count's CSV file read into the form's text (the page posts plain forms only).
"use strict";
(function () {
  const file = document.getElementById("csv-file");
  const form = document.getElementById("count-csv");
  if (!file || !form) { return; }
  file.addEventListener("change", function () {
    const chosen = file.files && file.files[0];
    if (!chosen) { return; }
    chosen.text().then(function (text) { form.elements.namedItem("csv").value = text; });
  });
}());
