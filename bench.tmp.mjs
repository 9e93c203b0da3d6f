import ICAL from "ical.js";
const text = ["BEGIN:VCALENDAR","VERSION:2.0","BEGIN:VEVENT","UID:x","DTSTAMP:20270101T000000Z","DTSTART:19900101T090000Z","DTEND:19900101T091500Z","RRULE:FREQ=DAILY","END:VEVENT","END:VCALENDAR"].join("\r\n");
const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent"));
let t = performance.now(); const it = ev.iterator(); let n=0;
for (let next = it.next(); next && n < 20000; n++) { ev.getOccurrenceDetails(next); next = it.next(); }
console.log("with details", n, (performance.now()-t).toFixed(0), "ms");
t = performance.now(); const it2 = ev.iterator(); n=0;
for (let next = it2.next(); next && n < 20000; n++) { next = it2.next(); }
console.log("next only", n, (performance.now()-t).toFixed(0), "ms");
