import { describe, expect, it } from "vitest";
import { orderWithinProject } from "./child-processes-first";

describe("the order of a project's files", () => {
  it("puts the files that start processes first, then the stories on a clock, each part in its order", () => {
    const files = [
      { name: "plain-a", text: "await story.newPage()" },
      { name: "clock-a", text: "startStory({ clock, pagesOnClock: true })" },
      { name: "process", text: "await startAppProcess({})" },
      { name: "plain-b", text: "startStory({ clock })" },
      { name: "clock-b", text: "startStory({\n  clock,\n  pagesOnClock: true,\n})" },
    ];
    const order = orderWithinProject(files, (file) => file.text).map((file) => file.name);
    expect(order).toEqual(["process", "clock-a", "clock-b", "plain-a", "plain-b"]);
  });
});
