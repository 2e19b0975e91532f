"""The CMake arguments llama.cpp is compiled with: the instruction sets this machine's CPU has, read from
/proc/cpuinfo, and never the AMX kernels. A native build (-march=native) compiles them on an Intel Xeon that
advertises AMX, and inside some VMs the first decode then segfaults (llama.cpp issue 20824, ollama issues
17006 and 17249); AMX helps only batched prompt reading on those CPUs, which a 1.5B model on a few cores
does not miss.

    python3 scripts/llama_build_args.py [CPUINFO_FILE]    # prints the arguments for CMAKE_ARGS
"""

from __future__ import annotations

import platform
import sys

# ggml's CMake option for each instruction set, and the /proc/cpuinfo flags the CPU must show for it (the
# kernel leaves out the flags whose register state it does not save, so a flag shown is one that works).
X86_OPTIONS = [
    ("GGML_SSE42", ("sse4_2",)),
    ("GGML_AVX", ("avx",)),
    ("GGML_AVX2", ("avx2",)),
    ("GGML_FMA", ("fma",)),
    ("GGML_F16C", ("f16c",)),
    ("GGML_BMI2", ("bmi2",)),
    ("GGML_AVX_VNNI", ("avx_vnni",)),
    # ggml's AVX512 option compiles for all five of these at once.
    ("GGML_AVX512", ("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw")),
    ("GGML_AVX512_VBMI", ("avx512f", "avx512vbmi")),
    ("GGML_AVX512_VNNI", ("avx512f", "avx512_vnni")),
    ("GGML_AVX512_BF16", ("avx512f", "avx512_bf16")),
]
NEVER = ("GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16")
# filesage never uses llama-cpp-python's multimodal library (mtmd): leaving it out saves a third of the build.
ALWAYS = ("-DLLAVA_BUILD=OFF",)


def cpu_flags(cpuinfo: str) -> set[str]:
    """The feature flags of the first processor listed ('flags' on x86)."""
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return set(value.split())
    return set()


def cmake_args(cpuinfo: str, machine: str) -> list[str]:
    """Every x86 instruction-set option set explicitly (with GGML_NATIVE off, ggml would otherwise switch
    AVX2, FMA and F16C on whatever the CPU has). Elsewhere (arm64, or no /proc/cpuinfo to read) llama.cpp's
    own native detection, which has no AMX to get wrong."""
    flags = cpu_flags(cpuinfo)
    if machine.lower() not in ("x86_64", "amd64", "i686", "i386") or not flags:
        return [*ALWAYS]
    args = [*ALWAYS, "-DGGML_NATIVE=OFF"]
    for option, needed in X86_OPTIONS:
        args.append(f"-D{option}={'ON' if flags.issuperset(needed) else 'OFF'}")
    args += [f"-D{option}=OFF" for option in NEVER]
    return args


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "/proc/cpuinfo"
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            cpuinfo = handle.read()
    except OSError:
        cpuinfo = ""
    print(" ".join(cmake_args(cpuinfo, platform.machine())))


if __name__ == "__main__":
    main()
