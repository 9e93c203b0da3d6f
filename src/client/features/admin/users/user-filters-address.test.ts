import { describe, expect, it } from "vitest";
import { NO_USER_FILTERS } from "../../../lib/api/admin-users";
import { filtersFromSearch, searchOfFilters } from "./user-filters-address";

describe("User Management's filters in the address", () => {
  it("writes only the filters set, and reads them back as they were", () => {
    const filters = {
      ...NO_USER_FILTERS,
      q: "ann lee",
      status: "paused",
      domainGroupId: "12",
      groupSize: "3",
      noMatch: "yes",
      signup: "pending",
    } as const;
    const search = searchOfFilters(filters);
    expect(search.toString()).toBe(
      "q=ann+lee&status=paused&domainGroupId=12&groupSize=3&noMatch=yes&signup=pending",
    );
    expect(filtersFromSearch(new URLSearchParams(search.toString()))).toEqual(filters);
    expect(searchOfFilters(NO_USER_FILTERS).toString()).toBe("");
    expect(filtersFromSearch(new URLSearchParams())).toEqual(NO_USER_FILTERS);
  });

  it("leaves out what the server would refuse or read as no filter", () => {
    const read = filtersFromSearch(
      new URLSearchParams(
        `status=all&account=gone&domainGroupId=x&groupSize=9&satOut=no&preference=any&q=${"a".repeat(201)}&page=2`,
      ),
    );
    expect(read).toEqual({ ...NO_USER_FILTERS, preference: "any" });
  });
});
