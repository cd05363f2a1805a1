/*
 * The demo host's "your registrar's DNS" panel: the records of the current scenario's domains, as their
 * registrar holds them, to add and remove while the billing panel activates a domain. It talks to the demo
 * host's own backend (/registrar-dns), which passes the requests on to the demo's DNS routes on the panel's
 * server. Plain browser JavaScript, served as is: no build step.
 */
(function () {
  'use strict';

  var config = JSON.parse(document.getElementById('host-config').textContent);
  var scenario = encodeURIComponent(config.scenario);
  var zonesElement = document.getElementById('dns-zones');
  var form = document.getElementById('dns-add');
  var zoneSelect = document.getElementById('dns-zone');
  var status = document.getElementById('dns-status');
  if (!zonesElement || !form || !zoneSelect || !status) return;

  function request(method, path, body) {
    return fetch('/registrar-dns' + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok)
          throw new Error((json && json.error && json.error.message) || 'The DNS panel answered ' + response.status);
        return json;
      });
    });
  }

  function cell(row, text) {
    var td = document.createElement('td');
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function render(listing) {
    zonesElement.textContent = '';
    var selected = zoneSelect.value;
    zoneSelect.textContent = '';
    listing.zones.forEach(function (zone) {
      var option = document.createElement('option');
      option.value = zone.zone;
      option.textContent = zone.zone;
      zoneSelect.appendChild(option);

      var section = document.createElement('section');
      var heading = document.createElement('h3');
      heading.textContent = zone.zone + (zone.registrar ? ' (DNS at ' + zone.registrar + ')' : '');
      section.appendChild(heading);
      var table = document.createElement('table');
      table.className = 'dns-table';
      var head = table.createTHead().insertRow();
      ['Name', 'Type', 'Value', ''].forEach(function (title) {
        var th = document.createElement('th');
        th.scope = 'col';
        th.textContent = title;
        head.appendChild(th);
      });
      var body = table.createTBody();
      zone.records.forEach(function (record) {
        var row = body.insertRow();
        cell(row, record.name);
        cell(row, record.type);
        cell(row, record.value).className = 'dns-value';
        var remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', 'Remove ' + record.type + ' ' + record.name);
        remove.addEventListener('click', function () {
          request('DELETE', '/records/' + encodeURIComponent(record.id) + '?scenario=' + scenario).then(
            function () {
              status.textContent = 'Removed ' + record.type + ' ' + record.name;
              load();
            },
            function (error) {
              status.textContent = error.message;
            },
          );
        });
        row.insertCell().appendChild(remove);
      });
      section.appendChild(table);
      zonesElement.appendChild(section);
    });
    if (selected) zoneSelect.value = selected;
  }

  function load() {
    request('GET', '?scenario=' + scenario).then(render, function (error) {
      status.textContent = error.message;
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var host = form.elements.host.value.trim().toLowerCase();
    var zone = zoneSelect.value;
    var name = host === '' || host === '@' ? zone : host + '.' + zone;
    var type = form.elements.type.value;
    request('POST', '/records', {
      scenario: config.scenario,
      name: name,
      type: type,
      value: form.elements.value.value.trim(),
    }).then(
      function () {
        status.textContent = 'Added ' + type + ' ' + name;
        form.elements.host.value = '';
        form.elements.value.value = '';
        load();
      },
      function (error) {
        status.textContent = error.message;
      },
    );
  });

  load();
})();
