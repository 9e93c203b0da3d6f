import type { Department } from "@shared/departments";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../components/ui/toast";
import { profileApi, profileKeys } from "../../lib/api/profile";

export const DEPARTMENTS_LOAD_FAILED =
  "Failed to load departments. Please refresh the page or contact support.";

/** The domain part of an address, lowercased. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** The department choices for an address's domain. */
export function useDepartments(email: string | undefined) {
  const domain = email ? domainOf(email) : "";
  const query = useQuery<Department[]>({
    queryKey: profileKeys.departmentsForDomain(domain),
    queryFn: ({ signal }) => profileApi.departmentsForDomain(domain, signal),
    enabled: domain !== "",
  });
  useEffect(() => {
    if (query.isError) {
      toast({ variant: "destructive", title: "Error", description: DEPARTMENTS_LOAD_FAILED });
    }
  }, [query.isError]);
  return query;
}
